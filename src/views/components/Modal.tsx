import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cycleFocus } from './focus-cycle.ts'
import './modal.css'

/**
 * An accessible modal dialog: focus moves in and is trapped there (Tab and Shift+Tab cycle),
 * Escape closes, and focus returns to where it was when the dialog closes.
 */
export function Modal({
  title,
  onClose,
  closeLabel,
  children,
}: {
  title: string
  onClose: () => void
  closeLabel: string
  children: ReactNode
}) {
  const panel = useRef<HTMLDivElement>(null)
  // Read while rendering, before the commit that mounts the dialog can move focus (a re-rendered
  // opener loses it to the body before an effect would look).
  const [previous] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  )

  useEffect(() => {
    // The first field, so the user can type at once; the first button when there is none.
    const first =
      panel.current?.querySelector<HTMLElement>('input:not([type="radio"]), select, textarea') ??
      panel.current?.querySelector<HTMLElement>('.modal > :not(.modal__head) button')
    first?.focus()
    return () => previous?.focus()
  }, [previous])

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (panel.current) cycleFocus(event, panel.current)
  }

  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        onKeyDown={onKeyDown}
      >
        <div className="modal__head">
          <h2 id="modal-title">{title}</h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  )
}
