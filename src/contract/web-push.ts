import * as v from 'valibot'
import { Flag, Id, Text } from './common.ts'

/** `GET /api/web_push/config`: the site's VAPID public key (base64url), or null when it sends none. */
export interface WebPushConfigAnswer {
  public_key: string | null
}

/** One device that takes the user's notifications (a browser's push subscription). */
export interface WebPushDevice {
  id: number
  /** "Chrome · Android". */
  label: string
  /** The push service's host. */
  service: string
  /** The push endpoint: the browser that holds it sees itself in the list. */
  endpoint: string
  /** Schedule reminders besides lives (1/0 on the wire as booleans). */
  send_schedule: boolean
  send_news: boolean
  /** Unix seconds. */
  created_at: number
  last_sent_at: number | null
}

export interface WebPushDevicesAnswer {
  devices: WebPushDevice[]
}

export interface WebPushDeviceAnswer {
  device: WebPushDevice
}

/** A key of a subscription, base64url (p256dh: a P-256 point, 65 bytes; auth: 16 bytes). */
const Base64url = (bytes: number) =>
  v.pipe(
    v.string(),
    v.regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url'),
    v.check(
      (s) => Math.floor((s.replace(/=+$/, '').length * 3) / 4) === bytes,
      `must be ${bytes} bytes`,
    ),
  )

/** `POST /api/web_push/devices`: this browser's `PushSubscription` (its JSON's fields). */
export const WebPushSubscribeBody = v.object({
  endpoint: v.pipe(Text(2048), v.url('must be a URL')),
  p256dh: Base64url(65),
  auth: Base64url(16),
})
export type WebPushSubscribeBody = v.InferInput<typeof WebPushSubscribeBody>

/** `POST /api/web_push/devices/{id}`: what the device takes besides lives. */
export const WebPushPreferencesBody = v.object({ send_schedule: Flag, send_news: Flag })
export type WebPushPreferencesBody = v.InferInput<typeof WebPushPreferencesBody>

export const WebPushDeviceParam = v.object({ id: Id })
