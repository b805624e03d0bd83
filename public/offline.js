// The offline page: load the page that could not be reached as soon as it can be reached, or
// when asked to. The browser's `online` event starts the tries, but it may come before requests
// go through (and a network can be up while the site is not), so the page asks the site itself,
// again and again with a growing pause, and reloads once the site answers anything at all.
const reload = () => window.location.reload()
let pending
function tryAgain(delayMs) {
  clearTimeout(pending)
  // Offline, the next `online` event starts again.
  if (!navigator.onLine) return
  pending = setTimeout(async () => {
    try {
      await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })
      reload()
    } catch {
      tryAgain(Math.min(Math.max(delayMs * 2, 1000), 30000))
    }
  }, delayMs)
}
window.addEventListener('online', () => tryAgain(0))
document.getElementById('offline-retry')?.addEventListener('click', reload)
tryAgain(2000)
