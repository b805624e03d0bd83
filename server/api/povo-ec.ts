import { publicOrigin } from '../caller.ts'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
import { checkClientKey, startPayment } from '../services/orders.ts'
import {
  listBanners,
  listPackages,
  packagePlans,
  planDetail,
  reservePlan,
  saveShippingAddress,
  shippingAddressOf,
  shopMessages,
} from '../services/shop.ts'
import { bodyId, idString, text } from '../validate.ts'

const paramId = (c: { req: { param(name: 'id'): string } }) => {
  const parsed = v.safeParse(idString, c.req.param('id'))
  if (!parsed.success) throw new ApiError(404, shopMessages.notFound)
  return parsed.output
}

/** Where a provider sends the browser back to: this site as the browser reached it. */
export const returnBase = (c: Context<AppEnv>) => publicOrigin(c)

/** An order id as newOrderId makes them; the service answers 404 for anything unknown. */
export const bodyOrderId = (body: Record<string, unknown>) => text(body, 'order_id', { max: 32 })

/** SPEC §7 Shop: /api/povo_ec/… — the catalogue, the shipping address and the checkout. */
export function povoEcRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/top_banners', async (c) => c.json({ banners: await listBanners(c.var.db) }))
  api.get('/packages', async (c) => c.json({ packages: await listPackages(c.var.db) }))
  api.get('/packages/recommends', async (c) =>
    c.json({ packages: await listPackages(c.var.db, true) }),
  )
  api.get('/packages/:id{[0-9]+}/plans', async (c) =>
    c.json(await packagePlans(c.var.db, paramId(c))),
  )
  api.get('/plans/:id{[0-9]+}', async (c) => c.json(await planDetail(c.var.db, paramId(c))))

  api.get('/shipping_address', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ shipping_address: await shippingAddressOf(c.var.db, userId) })
  })

  api.post('/shipping_address', async (c) => {
    const userId = await requireUserId(c)
    const address = await saveShippingAddress(c.var.db, userId, await readBody(c))
    return c.json({ shipping_address: address })
  })

  api.post('/plans/reserve', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const order = await reservePlan(c.var.db, c.var.payments, {
      userId,
      planId: bodyId(body, 'plan_id'),
      clientKey: checkClientKey(text(body, 'client_key', { max: 64 })),
    })
    return c.json({ order })
  })

  api.post('/payment/reserve', async (c) => {
    const userId = await requireUserId(c)
    const started = await startPayment(c.var.db, c.var.payments, {
      userId,
      orderId: bodyOrderId(await readBody(c)),
      returnBase: returnBase(c),
    })
    return c.json(started)
  })

  return api
}
