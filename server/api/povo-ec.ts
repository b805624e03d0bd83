import { publicOrigin } from '../caller.ts'
import { Hono, type Context } from 'hono'
import {
  OrderIdBody,
  PlanReserveBody,
  ShippingAddressBody,
  type ShopBannersAnswer,
  type OrderAnswer,
  type PackagePlansAnswer,
  type PackagesAnswer,
  type PaymentAnswer,
  type PlanAnswer,
  type SavedAddressAnswer,
  type ShippingAddressAnswer,
} from '../../src/contract/shop.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { startPayment } from '../services/orders.ts'
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
import { input, pathIdOr404 } from '../validate.ts'

const paramId = (c: { req: { param(name: 'id'): string } }) =>
  pathIdOr404(c.req.param('id'), shopMessages.notFound)

/** Where a provider sends the browser back to: this site as the browser reached it. */
export const returnBase = (c: Context<AppEnv>) => publicOrigin(c)

/** SPEC §7 Shop: /api/povo_ec/… — the catalogue, the shipping address and the checkout. */
export function povoEcRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/top_banners', async (c) =>
    c.json({ banners: await listBanners(c.var.db) } satisfies ShopBannersAnswer),
  )
  api.get('/packages', async (c) =>
    c.json({ packages: await listPackages(c.var.db) } satisfies PackagesAnswer),
  )
  api.get('/packages/recommends', async (c) =>
    c.json({ packages: await listPackages(c.var.db, true) } satisfies PackagesAnswer),
  )
  api.get('/packages/:id{[0-9]+}/plans', async (c) =>
    c.json((await packagePlans(c.var.db, paramId(c))) satisfies PackagePlansAnswer),
  )
  api.get('/plans/:id{[0-9]+}', async (c) =>
    c.json((await planDetail(c.var.db, paramId(c))) satisfies PlanAnswer),
  )

  api.get('/shipping_address', async (c) => {
    const userId = await requireUserId(c)
    const address = await shippingAddressOf(c.var.db, userId)
    return c.json({ shipping_address: address } satisfies ShippingAddressAnswer)
  })

  api.post('/shipping_address', async (c) => {
    const userId = await requireUserId(c)
    const address = await saveShippingAddress(c.var.db, userId, await input(c, ShippingAddressBody))
    return c.json({ shipping_address: address } satisfies SavedAddressAnswer)
  })

  api.post('/plans/reserve', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, PlanReserveBody)
    const order = await reservePlan(c.var.db, c.var.payments, {
      userId,
      planId: body.plan_id,
      clientKey: body.client_key,
    })
    return c.json({ order } satisfies OrderAnswer)
  })

  api.post('/payment/reserve', async (c) => {
    const userId = await requireUserId(c)
    const { order_id } = await input(c, OrderIdBody)
    const started = await startPayment(c.var.db, c.var.payments, {
      userId,
      orderId: order_id,
      returnBase: returnBase(c),
    })
    return c.json(started satisfies PaymentAnswer)
  })

  return api
}
