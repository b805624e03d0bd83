/**
 * Registers the service worker (src/sw/sw.ts, issue #41) — called once the page has settled
 * (compose/update.ts), so the first page's loading never waits on it. A browser without service
 * workers, or one that refuses this one, keeps the site as it is.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {})
}
