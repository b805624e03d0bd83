import { Hono } from 'hono'
import type { Ok } from '../../src/contract/common.ts'
import {
  WebPushDeviceParam,
  WebPushPreferencesBody,
  WebPushSubscribeBody,
  type WebPushConfigAnswer,
  type WebPushDeviceAnswer,
  type WebPushDevicesAnswer,
} from '../../src/contract/web-push.ts'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { checkedAddressWithin, OutboundError, type Resolve } from '../outbound/client.ts'
import { requireUserId } from '../request.ts'
import {
  deviceLabel,
  isP256Point,
  listDevices,
  removeDevice,
  saveDevice,
  setDevicePreferences,
} from '../services/web-push/subscriptions.ts'
import { input, pathOr404 } from '../validate.ts'

const ENDPOINT_REFUSED =
  '通知の宛先は、ブラウザーのプッシュサービスの https の URL でなければなりません。'

/**
 * How long a subscription waits for its endpoint's host to resolve: the name is the user's, and
 * so may be its DNS server, which could otherwise hold the request for as long as it likes.
 */
export const SUBSCRIBE_RESOLVE_DEADLINE_MS = 5_000

/**
 * Web Push (issue #41): the site's VAPID key, and a user's devices. A subscription's endpoint is
 * where the server will send requests, so it must be a push service's (issue #50): https, its
 * host resolving to public addresses only, and in production port 443 and a known push
 * service's host (config-web-push.ts). The sender checks it again at every connection.
 * `resolve` and `resolveDeadlineMs` are the tests' (a DNS that does not answer).
 */
export function webPushRoutes(options: { resolve?: Resolve; resolveDeadlineMs?: number } = {}) {
  const api = new Hono<AppEnv>()

  api.get('/web_push/config', (c) =>
    c.json({
      public_key: c.var.config.webPush.vapid?.publicKey ?? null,
    } satisfies WebPushConfigAnswer),
  )

  api.get('/web_push/devices', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ devices: await listDevices(c.var.db, userId) } satisfies WebPushDevicesAnswer)
  })

  api.post('/web_push/devices', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, WebPushSubscribeBody)
    if (!c.var.config.webPush.vapid) throw new ApiError(404, 'このサイトは通知を送っていません。')
    const p256dh = body.p256dh.replace(/=+$/, '')
    if (!isP256Point(p256dh))
      throw new ApiError(400, '通知の鍵 (p256dh) が P-256 の公開鍵ではありません。')
    try {
      await checkedAddressWithin(new URL(body.endpoint), c.var.config.webPush.policy, {
        deadlineMs: options.resolveDeadlineMs ?? SUBSCRIBE_RESOLVE_DEADLINE_MS,
        ...(options.resolve && { resolve: options.resolve }),
      })
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error
      // Which rule refused it, or what the name resolved to, is not told: it would map the
      // server's network for whoever asks.
      throw new ApiError(400, ENDPOINT_REFUSED)
    }
    const device = await saveDevice(c.var.db, userId, {
      endpoint: body.endpoint,
      p256dh,
      auth: body.auth.replace(/=+$/, ''),
      label: deviceLabel(c.req.header('user-agent')),
      session_id: c.var.session?.id ?? null,
    })
    return c.json({ device } satisfies WebPushDeviceAnswer)
  })

  api.post('/web_push/devices/:id', async (c) => {
    const userId = await requireUserId(c)
    const { id } = pathOr404(WebPushDeviceParam, c.req.param())
    const preferences = await input(c, WebPushPreferencesBody)
    const device = await setDevicePreferences(c.var.db, userId, id, preferences)
    return c.json({ device } satisfies WebPushDeviceAnswer)
  })

  api.delete('/web_push/devices/:id', async (c) => {
    const userId = await requireUserId(c)
    const { id } = pathOr404(WebPushDeviceParam, c.req.param())
    await removeDevice(c.var.db, userId, { id })
    return c.json({ ok: 1 } satisfies Ok)
  })

  return api
}
