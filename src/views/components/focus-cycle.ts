import type { KeyboardEvent } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside a modal container: Tab from its last control goes to the first, Shift+Tab
 * from the first (or from the container itself, focused on opening) to the last.
 */
export function cycleFocus(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return
  const items = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
  const firstItem = items[0]
  const lastItem = items.at(-1)
  if (!firstItem || !lastItem) return
  const active = document.activeElement
  if (event.shiftKey && (active === firstItem || active === container)) {
    event.preventDefault()
    lastItem.focus()
  } else if (!event.shiftKey && active === lastItem) {
    event.preventDefault()
    firstItem.focus()
  }
}
