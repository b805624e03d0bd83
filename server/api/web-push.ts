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
import { requireUserId } from '../request.ts'
import {
  deviceLabel,
  listDevices,
  removeDevice,
  saveDevice,
  setDevicePreferences,
} from '../services/web-push/subscriptions.ts'
import { input, pathOr404 } from '../validate.ts'

/** Loopback push services exist only in tests and on a developer's machine. */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/

/**
 * Web Push (issue #41): the site's VAPID key, and a user's devices. A subscription's endpoint is
 * where the server will send requests: only https (a browser's push service); plain http only to
 * this machine and never in production.
 */
export function webPushRoutes() {
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
    const url = new URL(body.endpoint)
    const allowed =
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && !c.var.config.production && LOOPBACK.test(url.hostname))
    if (!allowed) throw new ApiError(400, '通知の宛先は https の URL でなければなりません。')
    const device = await saveDevice(c.var.db, userId, {
      endpoint: body.endpoint,
      p256dh: body.p256dh.replace(/=+$/, ''),
      auth: body.auth.replace(/=+$/, ''),
      label: deviceLabel(c.req.header('user-agent')),
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
