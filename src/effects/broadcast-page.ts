import type { PageReport } from '../machines/broadcast/broadcast.machine.ts'

// The page around the broadcast (issue #51): its visibility, the network, the screen.

interface NetworkInformation extends EventTarget {
  /** 'wifi', 'cellular', …: Chrome on Android has it; desktop browsers and Safari do not. */
  type?: string
}

/**
 * Tells the machine when the tab is hidden or shown, when the browser is online again and when
 * the phone moves to another network (Wi-Fi ↔ mobile). Only a change of network type counts:
 * `navigator.connection` also fires for every new speed estimate, which is no reason to reconnect.
 */
export function watchPage(sendBack: (report: PageReport) => void): () => void {
  const onVisibility = () =>
    sendBack({ type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible' })
  const onOnline = () => sendBack({ type: 'network.changed' })
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection
  let kind = connection?.type
  const onConnection = () => {
    if (!connection || connection.type === undefined || connection.type === kind) return
    kind = connection.type
    sendBack({ type: 'network.changed' })
  }
  document.addEventListener('visibilitychange', onVisibility)
  addEventListener('online', onOnline)
  connection?.addEventListener('change', onConnection)
  if (document.visibilityState === 'hidden') sendBack({ type: 'page.hidden' })
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    removeEventListener('online', onOnline)
    connection?.removeEventListener('change', onConnection)
  }
}

/**
 * Keeps the screen on (Screen Wake Lock) where the browser has it; the browser lets go of it
 * when the page is hidden, so it is taken again when the page is shown.
 */
export function holdWakeLock(): () => void {
  let sentinel: WakeLockSentinel | null = null
  let released = false
  const take = () => {
    if (released || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return
    navigator.wakeLock.request('screen').then(
      (lock) => {
        if (released) void lock.release()
        else sentinel = lock
      },
      // Refused (battery saver, no user gesture yet): the page works without it.
      () => {},
    )
  }
  take()
  document.addEventListener('visibilitychange', take)
  return () => {
    released = true
    document.removeEventListener('visibilitychange', take)
    void sentinel?.release().catch(() => {})
  }
}

/** The push socket's address, as src/main.tsx gives it to the room (VITE_PUSH_URL in dev). */
export function pushSocketUrl(): string {
  return (
    (import.meta.env.VITE_PUSH_URL as string | undefined) ??
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`
  )
}
