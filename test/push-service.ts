import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A push service on loopback, as the browsers' own (FCM, Mozilla's autopush, Apple's) behave to
 * an application server (issue #41): it hands out subscriptions the way a browser's
 * `pushManager.subscribe` would, and takes messages only with a valid VAPID signature (RFC 8292)
 * for the key the subscription was made with, decrypts them (RFC 8291, aes128gcm of RFC 8188),
 * and answers 201; a subscription it was told to forget answers 410 Gone, an unknown one 404.
 */

export interface PushSubscriptionJson {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface ReceivedPush {
  /** The subscription's id (its endpoint's last path segment). */
  id: string
  /** The decrypted payload. */
  text: string
  ttl: number
  topic: string | undefined
  urgency: string | undefined
  /** The VAPID claim `sub` (the operator's contact). */
  subject: string
}

export interface LocalPushService {
  origin: string
  /** A new subscription for a VAPID public key (base64url, uncompressed P-256 point). */
  subscribe(applicationServerKey: string): PushSubscriptionJson
  /** The browser unsubscribed (or the push service expired it): its endpoint answers 410 Gone. */
  expire(endpoint: string): void
  /** Every message accepted so far, in order. */
  received: ReceivedPush[]
  /** Every request refused so far, with why. */
  refused: Array<{ status: number; reason: string }>
  /**
   * Answer the next `count` messages with `status` (a push service in trouble: 429, 503…) and
   * `headers` (a `Retry-After`…).
   */
  failNext(count: number, status: number, headers?: Record<string, string>): void
  close(): Promise<void>
}

interface Subscriber {
  ecdh: crypto.ECDH
  auth: Buffer
  /** The VAPID public key the subscription was made for (raw, 65 bytes). */
  serverKey: Buffer
  gone: boolean
}

const b64u = (data: Buffer) => data.toString('base64url')

/** An uncompressed P-256 point as a verifying key. */
function p256Key(raw: Buffer): crypto.KeyObject {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('not an uncompressed P-256 point')
  return crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) },
    format: 'jwk',
  })
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<key>`, signed ES256 by `k`, for this origin, not expired. */
function checkVapid(header: string | undefined, audience: string, expected: Buffer): string {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!match?.[1] || !match[2]) throw new Error('Authorization is not a VAPID header')
  const key = Buffer.from(match[2], 'base64url')
  if (!key.equals(expected)) throw new Error('VAPID key is not the subscription’s')
  const [head, body, signature] = match[1].split('.')
  if (!head || !body || !signature) throw new Error('VAPID token is not a JWT')
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }
  if (header64.alg !== 'ES256') throw new Error('VAPID token is not ES256')
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: p256Key(key), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('VAPID signature does not verify')
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    aud?: string
    exp?: number
    sub?: string
  }
  if (claims.aud !== audience) throw new Error(`VAPID aud is ${claims.aud}, not ${audience}`)
  const now = Date.now() / 1000
  if (typeof claims.exp !== 'number' || claims.exp < now || claims.exp > now + 24 * 3600) {
    throw new Error('VAPID exp is not within the next 24 hours')
  }
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) {
    throw new Error('VAPID sub is not a mailto: or https: contact')
  }
  return claims.sub
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length))

/** RFC 8291 §3.4 with RFC 8188's aes128gcm: the payload the application server encrypted. */
function decrypt(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const idLength = body[20] ?? 0
  const senderKey = body.subarray(21, 21 + idLength)
  const records = body.subarray(21 + idLength)
  if (idLength !== 65) throw new Error('aes128gcm keyid is not the sender’s P-256 key')
  if (records.length > recordSize) throw new Error('more than one record')
  const uaPublic = subscriber.ecdh.getPublicKey()
  const secret = subscriber.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderKey])
  const ikm = hkdf(subscriber.auth, secret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16)
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12)
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const padded = Buffer.concat([
    decipher.update(records.subarray(0, records.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const subscribers = new Map<string, Subscriber>()
  const received: ReceivedPush[] = []
  const refused: LocalPushService['refused'] = []
  let failing: { count: number; status: number; headers?: Record<string, string> | undefined } = {
    count: 0,
    status: 0,
  }
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const refuse = (status: number, reason: string, headers: Record<string, string> = {}) => {
        refused.push({ status, reason })
        response.writeHead(status, { 'Content-Type': 'text/plain', ...headers }).end(reason)
      }
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1]
      const subscriber = id ? subscribers.get(id) : undefined
      if (request.method !== 'POST' || !id || !subscriber)
        return refuse(404, 'no such subscription')
      if (subscriber.gone) return refuse(410, 'subscription expired')
      if (failing.count > 0) {
        failing.count--
        return refuse(failing.status, 'the push service is busy', failing.headers)
      }
      try {
        const ttl = Number(request.headers.ttl)
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('TTL header missing')
        if (request.headers['content-encoding'] !== 'aes128gcm') {
          throw new Error('Content-Encoding is not aes128gcm')
        }
        const subject = checkVapid(request.headers.authorization, origin, subscriber.serverKey)
        const topic = request.headers.topic as string | undefined
        if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) {
          throw new Error('Topic is not 1–32 base64url characters')
        }
        received.push({
          id,
          text: decrypt(Buffer.concat(chunks), subscriber),
          ttl,
          topic,
          urgency: request.headers.urgency as string | undefined,
          subject,
        })
        response.writeHead(201, { Location: `${origin}/message/${received.length}` }).end()
      } catch (error) {
        refuse(400, error instanceof Error ? error.message : String(error))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = crypto.createECDH('prime256v1')
      ecdh.generateKeys()
      const id = crypto.randomUUID()
      const auth = crypto.randomBytes(16)
      subscribers.set(id, {
        ecdh,
        auth,
        serverKey: Buffer.from(applicationServerKey, 'base64url'),
        gone: false,
      })
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      }
    },
    expire(endpoint) {
      const subscriber = subscribers.get(endpoint.split('/').pop() ?? '')
      if (subscriber) subscriber.gone = true
    },
    received,
    refused,
    failNext(count, status, headers) {
      failing = { count, status, headers }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
