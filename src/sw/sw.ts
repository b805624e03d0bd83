/// <reference lib="webworker" />
// Kirari's service worker (issue #41), built by vite-plugin-pwa (injectManifest): the app's
// startup files precached so a repeat visit needs only the page itself from the network, the
// hashed assets kept once fetched, an offline page when a page cannot be reached, and Web Push.
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkOnly } from 'workbox-strategies'
import { noticeFromPush, notificationOptions, tapTarget, windowForTap } from './notification.ts'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>
}

const OFFLINE_PAGE = '/offline.html'

// A new build's worker takes over at once: pages always come from the network and name their
// own hashed files, so an open tab is never served half of another build.
void self.skipWaiting()
clientsClaim()
cleanupOutdatedCaches()
precacheAndRoute(self.__WB_MANIFEST)

// Hashed files never change: once fetched, from the cache (a lazily loaded page's chunk too).
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'kirari-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400 })],
  }),
)

// Pages from the network only: a room's page carries its live state, and the page names the
// build. When the network fails, the offline page instead of the browser's error.
registerRoute(new NavigationRoute(new NetworkOnly()))
setCatchHandler(async ({ request }) =>
  request.destination === 'document'
    ? ((await matchPrecache(OFFLINE_PAGE)) ?? Response.error())
    : Response.error(),
)

self.addEventListener('push', (event) => {
  const origin = self.location.origin
  const notice = noticeFromPush(event.data?.text() ?? null, origin)
  event.waitUntil(
    self.registration.showNotification(notice.title, notificationOptions(notice, origin)),
  )
})

/** A tap: the site's window already at the page comes forward, else one is taken there, else a new one. */
async function openTapped(notification: Notification): Promise<void> {
  const target = tapTarget(notification.data, self.location.origin)
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  const chosen = windowForTap(windows, target)
  if (!chosen) {
    await self.clients.openWindow(target)
    return
  }
  const shown = chosen.navigate ? await chosen.window.navigate(target) : chosen.window
  await (shown ?? chosen.window).focus().catch(() => undefined)
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const done = openTapped(event.notification)
  // The worker is kept alive until the page is open. Only a real tap can extend its event: a
  // click made up by a test (through the DevTools protocol) runs the same code without it.
  if (event.isTrusted) event.waitUntil(done)
})
