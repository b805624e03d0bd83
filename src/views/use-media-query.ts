import { useCallback, useSyncExternalStore } from 'react'

/** Where matchMedia is missing (jsdom, very old browsers) no query matches: the phone layout. */
const listFor = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null

/**
 * Whether a media query matches now, kept current as the window is resized or turned: for the
 * behaviour CSS cannot give (roles, focus), at the same widths as the stylesheet's layout.
 */
export function useMediaQuery(query: string): boolean {
  // The same function while the query is: React subscribes again only when it changes.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listFor(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => listFor(query)?.matches ?? false,
    () => false,
  )
}
