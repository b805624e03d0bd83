import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useT } from '../app-context.tsx'
import { useMediaQuery } from '../use-media-query.ts'
import { cycleFocus } from './focus-cycle.ts'
import './bottom-sheet.css'

/** From this width a sheet is a card in the page; bottom-sheet.css switches at the same width. */
export const SHEET_INLINE_QUERY = '(min-width: 900px)'

/**
 * A panel that rises from the bottom of a phone's screen over a backdrop, and is a card in the
 * page from 900 px. On a phone, while open, it is a modal dialog named by its heading: focus
 * moves into it and Tab stays there, Escape (from anywhere), the backdrop and its close button
 * close it, and focus goes back to the button that opened it (the one whose aria-controls names
 * `id`). As a card it claims no modality and traps nothing.
 */
export function BottomSheet({
  id,
  title,
  className,
  open,
  onClose,
  wide = 'always',
  children,
}: {
  /** The element's id: its opener's aria-controls. */
  id: string
  /** The sheet's heading. */
  title: string
  /** The panel's own look (colours, sizes) beside the sheet's. */
  className: string
  open: boolean
  onClose: () => void
  /** From 900 px: 'always' in the page (the close button and heading hidden), or 'whileOpen'. */
  wide?: 'always' | 'whileOpen'
  children: ReactNode
}) {
  const { t } = useT()
  const inline = useMediaQuery(SHEET_INLINE_QUERY)
  const modal = open && !inline
  const sheet = useRef<HTMLDivElement>(null)
  // The latest handler, so a new closure each render neither re-runs the effect nor moves focus.
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })

  useEffect(() => {
    if (!modal) return
    // A tapped button is not focused in every browser (Safari): the opener is found by the
    // sheet it controls, and focus does not fall back to whatever held it before (a text box
    // would bring the keyboard up).
    const opener =
      document.querySelector<HTMLElement>(`[aria-controls="${id}"]`) ??
      (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    // The dialog itself takes focus, so a screen reader announces its name first; the page
    // does not scroll toward a sheet still sliding up from below the screen.
    sheet.current?.focus({ preventScroll: true })
    const onKey = (event: globalThis.KeyboardEvent) => {
      // A dialog opened from inside the sheet (a confirmation) stops its own Escape.
      if (event.key === 'Escape' && !event.defaultPrevented) close.current()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      opener?.focus()
    }
  }, [modal, id])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // The card on a laptop: Escape inside it closes it, as the phone's sheet does.
    if (event.key === 'Escape' && open && !modal) onClose()
    if (!modal || event.defaultPrevented) return
    // A dialog opened from inside the sheet keeps Tab in its own cycle.
    const target = event.target instanceof Element ? event.target : null
    if (target?.closest('[role="dialog"]') !== event.currentTarget) return
    cycleFocus(event, event.currentTarget)
  }

  return (
    <>
      {modal && <div className="bottom-sheet__backdrop" aria-hidden="true" onClick={onClose} />}
      <div
        ref={sheet}
        id={id}
        className={`bottom-sheet bottom-sheet--${wide === 'always' ? 'in-page' : 'while-open'} ${className}`}
        data-open={open || undefined}
        role={modal ? 'dialog' : undefined}
        aria-modal={modal || undefined}
        aria-labelledby={modal ? `${id}-title` : undefined}
        tabIndex={modal ? -1 : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="bottom-sheet__head">
          <h2 id={`${id}-title`} className="bottom-sheet__title">
            {title}
          </h2>
          <button
            type="button"
            className="button button--ghost bottom-sheet__close"
            onClick={onClose}
          >
            {t('common.dismiss')}
          </button>
        </div>
        {(wide === 'always' || open) && children}
      </div>
    </>
  )
}
