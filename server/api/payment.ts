import { Hono } from 'hono'
import {
  OrderIdBody,
  OrderIdParam,
  PackReserveBody,
  type OrderAnswer,
  type TimeLimitedPackAnswer,
} from '../../src/contract/shop.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { orderMessages, readOrder } from '../services/orders.ts'
import { reservePack, timeLimitedPack } from '../services/shop-pack.ts'
import { input, pathOr404 } from '../validate.ts'

/** /api/payment/…: an order's state after the provider's page, and the time-limited pack. */
export function paymentRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/orders/:order_id', async (c) => {
    const userId = await requireUserId(c)
    const { order_id } = pathOr404(OrderIdParam, c.req.param(), orderMessages.notFound)
    const order = await readOrder(c.var.db, c.var.payments, userId, order_id)
    return c.json({ order } satisfies OrderAnswer)
  })

  // The result page calls this when the browser comes back; the provider decides, not the page.
  api.post('/confirm', async (c) => {
    const userId = await requireUserId(c)
    const { order_id } = await input(c, OrderIdBody)
    const order = await readOrder(c.var.db, c.var.payments, userId, order_id)
    return c.json({ order } satisfies OrderAnswer)
  })

  api.get('/time_limited_pack', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ pack: await timeLimitedPack(c.var.db, userId) } satisfies TimeLimitedPackAnswer)
  })

  api.post('/time_limited_pack/reserve', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, PackReserveBody)
    const order = await reservePack(c.var.db, c.var.payments, {
      userId,
      packId: body.pack_id,
      clientKey: body.client_key,
    })
    return c.json({ order } satisfies OrderAnswer)
  })

  return api
}
