import http from 'node:http'
import https from 'node:https'
import webpush from 'web-push'
import {
  guardedRequest,
  OutboundError,
  type OutboundPolicy,
  type Resolve,
} from '../../outbound/client.ts'
import { vapidSigner } from './vapid.ts'

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
  /** Nothing was sent: the endpoint is not a push service's (its address, host or port), why. */
  refused?: string | undefined
  /** Nothing is known: the transport was closed while this one was on its way. */
  aborted?: boolean | undefined
}

export interface PushTransport {
  send(message: PushMessage): Promise<PushResult>
  /** Aborts the sends on their way (they answer `aborted`) and closes the connections. */
  close(): void
}

/** The whole of one send: connect, request and the answer. A tarpit cannot hold a sender longer. */
export const PUSH_DEADLINE_MS = 10_000
/** A push service answers a few bytes; anything past this is not one. */
const MAX_ANSWER_BYTES = 64 * 1024
/** The longest wait a push service may ask for before a retry. */
export const RETRY_AFTER_MAX_MS = 86_400_000
/** Idle keep-alive connections to a push service close after this. */
const IDLE_SOCKET_MS = 30_000

/** `Retry-After` in seconds or as a date, at most RETRY_AFTER_MAX_MS. */
export function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now()
  return Number.isNaN(ms) ? undefined : Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms))
}

/**
 * Sends through the browsers' push services with `web-push`: the payload encrypted for the
 * device (RFC 8291, aes128gcm), signed with the site's VAPID key (RFC 8292), through the guarded
 * client (server/outbound/): only to addresses and hosts `policy` allows, each send settled by
 * `deadlineMs`. Connections are kept alive a short while: a live's notices go to a handful of
 * push services in all. A key that is not a P-256 point throws (the caller drops that one).
 */
export function webPushTransport(
  vapid: { publicKey: string; privateKey: string; subject: string },
  options: { policy: OutboundPolicy; deadlineMs?: number; resolve?: Resolve },
): PushTransport {
  const agentOptions = {
    keepAlive: true,
    timeout: IDLE_SOCKET_MS,
    maxSockets: 128,
    maxFreeSockets: 32,
    scheduling: 'lifo' as const,
  }
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) }
  const signer = vapidSigner(vapid)
  const stopping = new AbortController()

  return {
    async send(message) {
      const url = new URL(message.endpoint)
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
        Authorization: signer.authorization(url.origin),
        ...(message.topic && { Topic: message.topic }),
        ...(message.urgency && { Urgency: message.urgency }),
      }
      try {
        const answer = await guardedRequest(
          url,
          {
            method: 'POST',
            headers,
            body: cipherText,
            agent: url.protocol === 'https:' ? agents['https:'] : agents['http:'],
          },
          {
            policy: options.policy,
            deadlineMs: options.deadlineMs ?? PUSH_DEADLINE_MS,
            maxBytes: MAX_ANSWER_BYTES,
            signal: stopping.signal,
            ...(options.resolve && { resolve: options.resolve }),
          },
        )
        const retryAfter = answer.headers['retry-after']
        return { status: answer.status, retryAfterMs: retryAfterMs(retryAfter) }
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error
        if (error.kind === 'refused') return { status: 0, refused: error.message }
        if (error.kind === 'aborted') return { status: 0, aborted: true }
        return { status: 0 }
      }
    },
    close() {
      stopping.abort()
      agents['http:'].destroy()
      agents['https:'].destroy()
    },
  }
}
