import type { Ok } from '../contract/common.ts'
import type {
  WebPushConfigAnswer,
  WebPushDevice,
  WebPushDeviceAnswer,
  WebPushDevicesAnswer,
  WebPushPreferencesBody,
  WebPushSubscribeBody,
} from '../contract/web-push.ts'
import type { DeviceSubscribeResult } from '../machines/room-notice/room-notice.machine.ts'
import type { ApiClient } from './api/client.ts'

// Web Push in the browser (issue #41): whether this device can take notifications, and making
// it take them (the permission, the push subscription, the server's record of it).

/** How long the service worker may take to be ready before the offer is given up. */
const READY_MS = 10_000

const supported = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null
  const ready = navigator.serviceWorker.ready
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_MS))
  return Promise.race([ready, late])
}

/** The site's VAPID key, or null when it sends no notifications. */
export const getPushKey = async (api: ApiClient) =>
  (await api.get<WebPushConfigAnswer>('/api/web_push/config')).public_key

/**
 * Whether to offer notifications on this device: the site sends them, the browser can take
 * them and has not been told no, and this device does not take them already.
 */
export async function shouldOfferDevice(api: ApiClient): Promise<boolean> {
  if (!supported() || Notification.permission === 'denied') return false
  if ((await getPushKey(api)) === null) return false
  const worker = await registration()
  if (!worker) return false
  const subscription = await worker.pushManager.getSubscription()
  if (!subscription) return true
  // Subscribed before, but removed from the account since (or another account's): offer again.
  return !(await listDevices(api)).some((d) => d.endpoint === subscription.endpoint)
}

/** This browser's push endpoint, if it has subscribed. */
export async function thisDeviceEndpoint(): Promise<string | null> {
  const worker = await registration()
  return (await worker?.pushManager.getSubscription())?.endpoint ?? null
}

const keyBytes = (base64url: string) => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/** Asks the browser's permission, subscribes with the site's key and tells the server. */
export async function subscribeDevice(api: ApiClient): Promise<DeviceSubscribeResult> {
  const key = await getPushKey(api)
  const worker = await registration()
  if (key === null || !worker) throw new Error('Web Push is not available on this device')
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked'
  // The browser answers the subscription it has for this key, or makes one.
  const subscription = await worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  })
  const json = subscription.toJSON()
  const body: WebPushSubscribeBody = {
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? '',
    auth: json.keys?.auth ?? '',
  }
  await api.postForm<WebPushDeviceAnswer>('/api/web_push/devices', body)
  return 'subscribed'
}

export const listDevices = async (api: ApiClient): Promise<WebPushDevice[]> =>
  (await api.get<WebPushDevicesAnswer>('/api/web_push/devices')).devices

export const setDevicePreferences = async (
  api: ApiClient,
  id: number,
  preferences: { schedule: boolean; news: boolean },
) =>
  (
    await api.postForm<WebPushDeviceAnswer>(`/api/web_push/devices/${id}`, {
      send_schedule: preferences.schedule ? 1 : 0,
      send_news: preferences.news ? 1 : 0,
    } satisfies WebPushPreferencesBody)
  ).device

/** Removes a device: the server sends it nothing more. */
export async function removeDevice(api: ApiClient, id: number): Promise<void> {
  await api.delete<Ok>(`/api/web_push/devices/${id}`)
}

/**
 * At logout: this browser's push subscription ends (issue #50), so whatever the server still
 * holds for it is refused by the push service (410) and dropped; the server itself removes the
 * devices of the session logged out of. Never waits for a service worker that is not there, and
 * never fails the logout.
 */
export async function forgetThisDevice(): Promise<void> {
  try {
    if (!supported()) return
    const worker = await navigator.serviceWorker.getRegistration()
    await (await worker?.pushManager.getSubscription())?.unsubscribe()
  } catch {
    // Logging out matters more than this; the server has removed the session's devices.
  }
}
