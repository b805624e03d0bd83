import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { readBody, requireUserId } from '../request.ts'
import { checkClientKey, readOrder } from '../services/orders.ts'
import { reservePack, timeLimitedPack } from '../services/shop-pack.ts'
import { bodyId, text } from '../validate.ts'
import { bodyOrderId } from './povo-ec.ts'

/** /api/payment/…: an order's state after the provider's page, and the time-limited pack. */
export function paymentRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/orders/:order_id', async (c) => {
    const userId = await requireUserId(c)
    const order = await readOrder(c.var.db, c.var.payments, userId, c.req.param('order_id'))
    return c.json({ order })
  })

  // The result page calls this when the browser comes back; the provider decides, not the page.
  api.post('/confirm', async (c) => {
    const userId = await requireUserId(c)
    const orderId = bodyOrderId(await readBody(c))
    return c.json({ order: await readOrder(c.var.db, c.var.payments, userId, orderId) })
  })

  api.get('/time_limited_pack', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ pack: await timeLimitedPack(c.var.db, userId) })
  })

  api.post('/time_limited_pack/reserve', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const order = await reservePack(c.var.db, c.var.payments, {
      userId,
      packId: bodyId(body, 'pack_id'),
      clientKey: checkClientKey(text(body, 'client_key', { max: 64 })),
    })
    return c.json({ order })
  })

  return api
}
