import type { Notice } from '../domain/api-failure.ts'
import { loaded, once } from '../lazy-once.ts'

/** SPEC.md §9: success and error 3000 ms (top-right), 'show' 2000 ms (top-centre). */
export const TOAST_LIMIT = 20
export const TOAST_DURATION = { success: 3000, error: 3000, show: 2000 } as const

type Sonner = typeof import('sonner')

/**
 * sonner is not part of the first page's code: it loads when the page is idle or with the first
 * notice, whichever comes first. The toaster mounts once it is wanted, and notices raised before
 * it listens wait for it (sonner drops a toast no toaster hears).
 */
export const loadSonner: () => Promise<Sonner> = once(() =>
  import('sonner').then((m: Sonner | undefined) => loaded(m)),
)

let wanted = false
const listeners = new Set<() => void>()
let heard: () => void = () => {}
const listening = new Promise<void>((resolve) => (heard = resolve))

/** Whether the toaster should be on the page (a notice was raised, or the page went idle). */
export const toasterWanted = (): boolean => wanted

export function onToasterWanted(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function wantToaster(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

/** The mounted toaster calls this once sonner's own listener is in place. */
export function toasterListening(): void {
  heard()
}

/** Runs `show` with sonner's `toast` once the toaster listens (loading it if need be). */
export function withToaster(show: (toast: Sonner['toast']) => void): void {
  wantToaster()
  Promise.all([loadSonner(), listening]).then(
    ([{ toast }]) => show(toast),
    // sonner's chunk did not load (the app reloads for a lost chunk): the notice is not shown.
    () => {},
  )
}

export function showNotice(notice: Notice, translate: (key: string) => string): void {
  const message = 'text' in notice ? notice.text : translate(notice.key)
  withToaster((toast) => {
    if (notice.tone === 'success') toast.success(message, { duration: TOAST_DURATION.success })
    else if (notice.tone === 'error') toast.error(message, { duration: TOAST_DURATION.error })
    else toast(message, { duration: TOAST_DURATION.show, position: 'top-center' })
  })
}
