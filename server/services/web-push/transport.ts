import http from 'node:http'
import https from 'node:https'
import webpush from 'web-push'

/** One notification for one device, as the Web Push protocol (RFC 8030) carries it. */
export interface PushMessage {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The service worker's `push` event reads it as JSON (src/sw/push.ts). */
  payload: string
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number
  /** A newer message of the same topic replaces one still waiting (1–32 base64url characters). */
  topic?: string
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
}

/** The push service's answer: its status (0 when none came), and the wait it asked for. */
export interface PushResult {
  status: number
  retryAfterMs?: number | undefined
}

export interface PushTransport {
  send(message: PushMessage): Promise<PushResult>
  close(): void
}

/** A VAPID token is signed for 12 hours and used for one hour, per push service. */
const VAPID_EXPIRY_S = 12 * 3_600
const VAPID_REUSE_MS = 3_600_000
const TIMEOUT_MS = 10_000

/** `Retry-After` in seconds or as a date. */
function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now())
}

/**
 * Sends through the browsers' push services with `web-push`: the payload encrypted for the
 * device (RFC 8291, aes128gcm), signed with the site's VAPID key (RFC 8292). The signature is
 * kept for an hour per push service (one ECDSA signature, not one per message), and connections
 * are kept alive: a live's notices go to a handful of push services in all.
 */
export function webPushTransport(vapid: {
  publicKey: string
  privateKey: string
  subject: string
}): PushTransport {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 128 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 128 }),
  }
  const signed = new Map<string, { authorization: string; until: number }>()
  const authorization = (audience: string) => {
    const kept = signed.get(audience)
    if (kept && kept.until > Date.now()) return kept.authorization
    const headers = webpush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_EXPIRY_S,
    )
    signed.set(audience, {
      authorization: headers.Authorization,
      until: Date.now() + VAPID_REUSE_MS,
    })
    return headers.Authorization
  }

  return {
    send(message) {
      const url = new URL(message.endpoint)
      const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:']
      const { cipherText } = webpush.encrypt(
        message.keys.p256dh,
        message.keys.auth,
        message.payload,
        'aes128gcm',
      )
      const headers: http.OutgoingHttpHeaders = {
        TTL: String(message.ttl),
        'Content-Encoding': 'aes128gcm',
        'Content-Type': 'application/octet-stream',
        'Content-Length': cipherText.length,
        Authorization: authorization(url.origin),
        ...(message.topic && { Topic: message.topic }),
        ...(message.urgency && { Urgency: message.urgency }),
      }
      const send = url.protocol === 'https:' ? https.request : http.request
      return new Promise<PushResult>((resolve) => {
        const request = send(
          url,
          { method: 'POST', agent, headers, timeout: TIMEOUT_MS },
          (res) => {
            res.resume()
            res.once('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                retryAfterMs: retryAfterMs(res.headers['retry-after']),
              }),
            )
            res.once('error', () => resolve({ status: 0 }))
          },
        )
        request.once('timeout', () => request.destroy(new Error('timed out')))
        request.once('error', () => resolve({ status: 0 }))
        request.end(cipherText)
      })
    },
    close() {
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}
