import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  EcConfig,
  EcItem,
  EcPurchaseLog,
  Order,
  ShopBanner,
  ShopPackage,
  ShopPlan,
  TimeLimitedPack,
} from '../../src/domain/shop.ts'
import { shippingMessages } from '../../src/domain/shop-forms.ts'
import { loadConfig } from '../../server/config.ts'
import { seed } from '../../server/db/seed.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

interface ErrorAnswer {
  errors?: Array<{ error_user_msg: string; error_type?: string }>
  field_errors?: Record<string, string>
}
const errorOf = (body: unknown) => (body as ErrorAnswer).errors?.[0]
const fieldErrorsOf = (body: unknown) => (body as ErrorAnswer).field_errors
const orderOf = (body: unknown) => (body as { order: Order }).order
const newKey = () => `k_${randomBytes(9).toString('base64url')}`

/** The demo liver's room. */
async function demoLiverRoomId(server: TestServer): Promise<number> {
  const room = await server.database.db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', 'demo_liver_room')
    .executeTakeFirstOrThrow()
  return room.id
}

/** A new item (500 gold) in the demo liver's room, and a reservation of one of it by `viewer`. */
async function itemOnSale(
  server: TestServer,
  liver: TestClient,
  viewer: TestClient,
  name: string,
  stock: number,
) {
  const roomId = await demoLiverRoomId(server)
  const made = (
    await liver.postJson('/api/ec/room/items', {
      room_id: roomId,
      name,
      description: '',
      category_id: 1,
      price: 500,
      stock,
    })
  ).body.item as EcItem
  const reserve = async () =>
    orderOf(
      (
        await viewer.postJson(`/api/ec/room/${roomId}/purchase/reserve`, {
          item_id: made.item_id,
          quantity: 1,
          client_key: newKey(),
        })
      ).body,
    )
  return { made, reserve }
}

const VALID_ADDRESS = {
  name: '山田 花子',
  postal_code: '１５０－０００１',
  prefecture: '東京都',
  city: '渋谷区神宮前',
  address_line1: '１－２－３',
  address_line2: 'きらりハイツ 101',
  phone: '０９０－１２３４－５６７８',
}

describe('payment provider configuration', () => {
  it('is the sandbox in the demo; in production off, and the sandbox refused at start', () => {
    const demo = { KIRARI_DEMO: '1' }
    const production = { PUBLIC_ORIGIN: 'https://live.example.jp' }
    expect(loadConfig(demo).paymentProvider).toBe('sandbox')
    expect(loadConfig(production).paymentProvider).toBe('none')
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /refused in production: PAYMENT_PROVIDER=sandbox/,
    )
    expect(() => loadConfig({ ...demo, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/)
  })

  it('sweeps expired orders every 60 s unless set, and never in tests unless asked', () => {
    const demo = { KIRARI_DEMO: '1' }
    expect(loadConfig(demo).orderSweepMs).toBe(60_000)
    expect(loadConfig({ ...demo, NODE_ENV: 'test' }).orderSweepMs).toBe(0)
    expect(loadConfig({ ...demo, ORDER_SWEEP_MS: '0' }).orderSweepMs).toBe(0)
    expect(loadConfig({ ...demo, NODE_ENV: 'test', ORDER_SWEEP_MS: '50' }).orderSweepMs).toBe(50)
    for (const bad of ['soon', '-1', '5', '1.5']) {
      expect(() => loadConfig({ ...demo, ORDER_SWEEP_MS: bad })).toThrow(/ORDER_SWEEP_MS/)
    }
  })
})

describe.each(await testEngines())('shop, checkout and room items on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let viewerId: number
  let liver: TestClient
  let liverId: number

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    ;({ client: viewer, userId: viewerId } = await logInDemo(server, 'demo_viewer'))
    ;({ client: liver, userId: liverId } = await logInDemo(server, 'demo_liver'))
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const goldOf = async (userId: number) =>
    (
      await db()
        .selectFrom('users')
        .select('gold')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).gold
  const ledgerOf = (orderId: string) =>
    db()
      .selectFrom('ledger')
      .select(['gold_delta', 'reason'])
      .where('order_id', '=', orderId)
      .execute()
  const reservePlan = (client: TestClient, planId: number, clientKey = newKey()) =>
    client.postJson('/api/povo_ec/plans/reserve', { plan_id: planId, client_key: clientKey })
  const startPayment = (client: TestClient, orderId: string) =>
    client.postJson('/api/povo_ec/payment/reserve', { order_id: orderId })
  const confirm = async (client: TestClient, orderId: string) =>
    orderOf((await client.postJson('/api/payment/confirm', { order_id: orderId })).body)
  /** The buyer's choice on the sandbox page: a plain form post, as the browser sends it. */
  const decide = (redirectUrl: string, outcome: string) =>
    server.get(redirectUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    })
  /** A digital plan ordered and sent to the sandbox page: the order and its page. */
  const awaitingOrder = async (client = viewer, planId = 201) => {
    const order = orderOf((await reservePlan(client, planId)).body)
    const started = await startPayment(client, order.order_id)
    expect(started.status).toBe(200)
    return { order, redirectUrl: (started.body as { redirect_url: string }).redirect_url }
  }
  const expire = (orderId: string) =>
    db()
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', orderId)
      .execute()

  it('answers the catalogue: banners, packages with prices, plans, and their pictures', async () => {
    const banners = (await viewer.json('/api/povo_ec/top_banners')).body.banners as ShopBanner[]
    expect(banners.map((b) => b.link_url)).toEqual(['/povo_ec/1', '/payment/time_limited_pack'])
    const packages = (await viewer.json('/api/povo_ec/packages')).body.packages as ShopPackage[]
    expect(packages).toHaveLength(3)
    expect(packages[0]).toMatchObject({ package_id: 1, min_price: 1500, plan_count: 2 })
    const recommends = (await viewer.json('/api/povo_ec/packages/recommends')).body
      .packages as ShopPackage[]
    expect(recommends.length).toBeGreaterThan(0)
    expect(recommends.length).toBeLessThan(packages.length)
    expect(recommends.every((p) => p.is_recommended)).toBe(true)

    const plans = await viewer.json('/api/povo_ec/packages/2/plans')
    expect(plans.status).toBe(200)
    expect((plans.body.package as ShopPackage).package_id).toBe(2)
    const list = plans.body.plans as ShopPlan[]
    expect(list.map((p) => p.requires_shipping)).toEqual([false, false, false])
    expect(Math.min(...list.map((p) => p.price))).toBe(
      (plans.body.package as ShopPackage).min_price,
    )
    const plan = await viewer.json('/api/povo_ec/plans/101')
    expect(plan.body.plan).toMatchObject({ plan_id: 101, package_id: 1, requires_shipping: true })
    expect((plan.body.package as ShopPackage).package_id).toBe(1)

    for (const missing of ['/api/povo_ec/packages/99/plans', '/api/povo_ec/plans/999']) {
      const answer = await viewer.json(missing)
      expect(answer.status).toBe(404)
      expect(errorOf(answer.body)?.error_user_msg).toBe('商品が見つかりません')
    }
    for (const image of [banners[0]?.image, packages[0]?.image, list[0]?.image]) {
      const response = await server.get(image ?? '')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('image/svg+xml')
      await response.text()
    }
  })

  it('seeds the shop once: starting again on a seeded database adds nothing', async () => {
    const counts = async () =>
      Promise.all(
        (['shop_banners', 'shop_packages', 'shop_plans', 'ec_items', 'ec_categories'] as const).map(
          async (table) =>
            (
              await db()
                .selectFrom(table)
                .select(sql<number>`count(*)::int`.as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      )
    const before = await counts()
    expect(await seed(db(), { demo: true })).toBe(false)
    expect(await counts()).toEqual(before)
  })

  it('stores a shipping address only when every field passes, normalised', async () => {
    expect((await new TestClient(server.url).json('/api/povo_ec/shipping_address')).status).toBe(
      401,
    )
    const bad = await viewer.postJson('/api/povo_ec/shipping_address', {
      ...VALID_ADDRESS,
      name: '',
      postal_code: '150-00',
      prefecture: '東京',
      phone: '12345',
    })
    expect(bad.status).toBe(400)
    expect(errorOf(bad.body)).toEqual({
      error_user_msg: '入力内容を確認してください',
      error_type: 'INVALID_FIELDS',
    })
    expect(fieldErrorsOf(bad.body)).toEqual({
      name: shippingMessages.name,
      postal_code: shippingMessages.postal_code,
      prefecture: shippingMessages.prefecture,
      phone: shippingMessages.phone,
    })
    // A form post missing a field is refused the same way.
    const form = await viewer.postForm('/api/povo_ec/shipping_address', {
      postal_code: '1500001',
      prefecture: '東京都',
      city: '渋谷区',
      address_line1: '1-2-3',
      phone: '0312345678',
    })
    expect(form.status).toBe(400)
    expect(Object.keys(fieldErrorsOf(form.body) ?? {})).toEqual(['name'])
    expect((await viewer.json('/api/povo_ec/shipping_address')).body.shipping_address).toBeNull()

    const saved = await viewer.postJson('/api/povo_ec/shipping_address', VALID_ADDRESS)
    expect(saved.status).toBe(200)
    const expected = {
      ...VALID_ADDRESS,
      postal_code: '150-0001',
      address_line1: '１－２－３',
      phone: '09012345678',
    }
    expect(saved.body.shipping_address).toEqual(expected)
    expect((await viewer.json('/api/povo_ec/shipping_address')).body.shipping_address).toEqual(
      expected,
    )
  })

  it('asks for an address before a plan that ships, and copies it into the order', async () => {
    const refused = await reservePlan(liver, 101)
    expect(refused.status).toBe(400)
    expect(errorOf(refused.body)).toEqual({
      error_user_msg: '配送先を入力してください',
      error_type: 'SHIPPING_REQUIRED',
    })
    const reserved = await reservePlan(viewer, 101)
    expect(reserved.status).toBe(200)
    const order = orderOf(reserved.body)
    expect(order).toMatchObject({
      kind: 'povo',
      status: 'reserved',
      amount: 1500,
      gold: 1000,
      plan_id: 101,
      package_id: 1,
      room_url_key: null,
      redirect_url: null,
    })
    expect(order.order_id).toMatch(/^o_[A-Za-z0-9_-]{16}$/)
    expect(order.shipping?.postal_code).toBe('150-0001')
    expect(order.expires_at - order.created_at).toBe(30 * 60)
    // A later change of address does not touch the order.
    await viewer.postJson('/api/povo_ec/shipping_address', { ...VALID_ADDRESS, city: '港区' })
    const read = await viewer.json(`/api/payment/orders/${order.order_id}`)
    expect(orderOf(read.body).shipping?.city).toBe('渋谷区神宮前')
  })

  it('makes one order of a double submit, also of 10 at once', async () => {
    const key = newKey()
    const first = orderOf((await reservePlan(viewer, 201, key)).body)
    const again = orderOf((await reservePlan(viewer, 201, key)).body)
    expect(again.order_id).toBe(first.order_id)

    const burstKey = newKey()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => reservePlan(viewer, 202, burstKey)),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
    expect(new Set(answers.map((a) => orderOf(a.body).order_id)).size).toBe(1)
    const rows = await db()
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('client_key', 'in', [key, burstKey])
      .executeTakeFirstOrThrow()
    expect(rows.n).toBe(2)

    for (const clientKey of ['short', 'has space in it', 'x'.repeat(65)]) {
      const bad = await reservePlan(viewer, 201, clientKey)
      expect(bad.status).toBe(400)
      expect(errorOf(bad.body)?.error_user_msg).toContain('client_key')
    }
  })

  it('opens one payment page per order, and only for its owner', async () => {
    const order = orderOf((await reservePlan(viewer, 201)).body)
    const first = await startPayment(viewer, order.order_id)
    const second = await startPayment(viewer, order.order_id)
    expect(first.status).toBe(200)
    expect(orderOf(first.body).status).toBe('awaiting_payment')
    const url = (first.body as { redirect_url: string }).redirect_url
    expect(url).toMatch(/^\/payment\/sandbox\/ps_/)
    expect((second.body as { redirect_url: string }).redirect_url).toBe(url)
    expect(orderOf(second.body).redirect_url).toBe(url)
    const sessions = await db()
      .selectFrom('payment_sandbox_sessions')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow()
    expect(sessions.n).toBe(1)

    for (const answer of [
      await startPayment(liver, order.order_id),
      await liver.json(`/api/payment/orders/${order.order_id}`),
      await liver.postJson('/api/payment/confirm', { order_id: order.order_id }),
      await viewer.json('/api/payment/orders/o_AAAAAAAAAAAAAAAA'),
    ]) {
      expect(answer.status).toBe(404)
      expect(errorOf(answer.body)?.error_user_msg).toBe('注文が見つかりません')
    }
    const anonymous = await new TestClient(server.url).json(`/api/payment/orders/${order.order_id}`)
    expect(anonymous.status).toBe(401)
  })

  it('pays only on the provider word, and credits the gold exactly once', async () => {
    const before = await goldOf(viewerId)
    const { order, redirectUrl } = await awaitingOrder()

    // The browser claiming to be back changes nothing while the provider says pending.
    expect((await confirm(viewer, order.order_id)).status).toBe('awaiting_payment')
    expect(await goldOf(viewerId)).toBe(before)

    const pageResponse = await server.get(redirectUrl)
    expect(pageResponse.status).toBe(200)
    const html = await pageResponse.text()
    expect(html).toContain('Kirari テスト決済')
    expect(html).toContain(order.title)
    expect(html).toContain('550円')
    for (const outcome of ['pay', 'cancel', 'fail']) {
      expect(html).toContain(`name="outcome" value="${outcome}"`)
    }
    expect(html).not.toContain('<script')

    const paid = await decide(redirectUrl, 'pay')
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`/povo_ec/payment/success?order_id=${order.order_id}`)
    const after = await confirm(viewer, order.order_id)
    expect(after.status).toBe('paid')
    expect(after.paid_at).not.toBeNull()
    expect(after.redirect_url).toBeNull()
    expect(await goldOf(viewerId)).toBe(before + 500)
    expect(await ledgerOf(order.order_id)).toEqual([{ gold_delta: 500, reason: 'purchase' }])

    // Asking again, in parallel, credits nothing more.
    await Promise.all(Array.from({ length: 5 }, () => confirm(viewer, order.order_id)))
    expect(await goldOf(viewerId)).toBe(before + 500)
    expect(await ledgerOf(order.order_id)).toHaveLength(1)

    const again = await startPayment(viewer, order.order_id)
    expect(again.status).toBe(409)
    expect(errorOf(again.body)?.error_type).toBe('ORDER_SETTLED')

    // A decided session cannot be decided again.
    const late = await decide(redirectUrl, 'cancel')
    expect(late.status).toBe(409)
    await late.text()
    expect((await confirm(viewer, order.order_id)).status).toBe('paid')
    const session = await db()
      .selectFrom('payment_sandbox_sessions')
      .select('status')
      .where('order_id', '=', order.order_id)
      .executeTakeFirstOrThrow()
    expect(session.status).toBe('paid')
    const closedPage = await (await server.get(redirectUrl)).text()
    expect(closedPage).not.toContain('name="outcome"')
  })

  it('credits once when many confirms race to settle the same payment', async () => {
    const before = await goldOf(viewerId)
    const { order } = await awaitingOrder()
    // The provider has decided but nobody has settled yet (a webhook that did not arrive).
    await db()
      .updateTable('payment_sandbox_sessions')
      .set({ status: 'paid', decided_at: new Date() })
      .where('order_id', '=', order.order_id)
      .execute()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(viewer, order.order_id)),
    )
    expect(answers.map((o) => o.status)).toEqual(Array(10).fill('paid'))
    expect(await goldOf(viewerId)).toBe(before + 500)
    expect(await ledgerOf(order.order_id)).toHaveLength(1)
  })

  it('ends an order cancelled or failed as the buyer chose, without gold', async () => {
    const before = await goldOf(viewerId)
    for (const [outcome, path, status] of [
      ['cancel', '/povo_ec/payment/cancel', 'cancelled'],
      ['fail', '/povo_ec/payment/error', 'failed'],
    ] as const) {
      const { order, redirectUrl } = await awaitingOrder()
      const answer = await decide(redirectUrl, outcome)
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(`${path}?order_id=${order.order_id}`)
      const read = await viewer.json(`/api/payment/orders/${order.order_id}`)
      expect(orderOf(read.body).status).toBe(status)
      expect((await startPayment(viewer, order.order_id)).status).toBe(409)
    }
    expect(await goldOf(viewerId)).toBe(before)
    const nonsense = await decide('/payment/sandbox/ps_AAAAAAAAAAAAAAAAAAAAAAAA', 'pay')
    expect(nonsense.status).toBe(404)
    await nonsense.text()
  })

  it('expires an unpaid order after its time, cancelling its payment page', async () => {
    const reserved = orderOf((await reservePlan(viewer, 201)).body)
    await expire(reserved.order_id)
    expect(
      orderOf((await viewer.json(`/api/payment/orders/${reserved.order_id}`)).body).status,
    ).toBe('expired')
    const refused = await startPayment(viewer, reserved.order_id)
    expect(refused.status).toBe(409)
    expect(errorOf(refused.body)?.error_type).toBe('ORDER_EXPIRED')

    const before = await goldOf(viewerId)
    const { order, redirectUrl } = await awaitingOrder()
    await expire(order.order_id)
    expect((await confirm(viewer, order.order_id)).status).toBe('expired')
    const late = await decide(redirectUrl, 'pay')
    expect(late.status).toBe(409)
    await late.text()
    expect(await goldOf(viewerId)).toBe(before)

    // A payment made before the order is looked at again wins over its expiry.
    const last = await awaitingOrder()
    await expire(last.order.order_id)
    expect((await decide(last.redirectUrl, 'pay')).status).toBe(303)
    expect((await confirm(viewer, last.order.order_id)).status).toBe('paid')
    expect(await goldOf(viewerId)).toBe(before + 500)
  })

  it('refuses a client key used again for another plan, pack or address (409)', async () => {
    const reused = {
      error_user_msg: 'この注文は内容が変わりました。もう一度お試しください。',
      error_type: 'CLIENT_KEY_REUSED',
    }
    const key = newKey()
    const first = orderOf((await reservePlan(viewer, 201, key)).body)
    const otherPlan = await reservePlan(viewer, 202, key)
    expect(otherPlan.status).toBe(409)
    expect(errorOf(otherPlan.body)).toEqual(reused)
    const pack = await viewer.postJson('/api/payment/time_limited_pack/reserve', {
      pack_id: 1,
      client_key: key,
    })
    expect(pack.status).toBe(409)
    expect(errorOf(pack.body)).toEqual(reused)
    // Asking for the same again is still the same order.
    expect(orderOf((await reservePlan(viewer, 201, key)).body).order_id).toBe(first.order_id)

    // A plan that ships: the same key after the address changed is another order.
    await viewer.postJson('/api/povo_ec/shipping_address', VALID_ADDRESS)
    const shipKey = newKey()
    const shipped = orderOf((await reservePlan(viewer, 101, shipKey)).body)
    expect(orderOf((await reservePlan(viewer, 101, shipKey)).body).order_id).toBe(shipped.order_id)
    await viewer.postJson('/api/povo_ec/shipping_address', { ...VALID_ADDRESS, city: '横浜市' })
    const moved = await reservePlan(viewer, 101, shipKey)
    expect(moved.status).toBe(409)
    expect(errorOf(moved.body)).toEqual(reused)
    const rows = await db()
      .selectFrom('orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('client_key', 'in', [key, shipKey])
      .executeTakeFirstOrThrow()
    expect(rows.n).toBe(2)
  })

  it('refuses a decision on the sandbox page once its order has expired or moved on', async () => {
    const before = await goldOf(viewerId)
    const { order, redirectUrl } = await awaitingOrder()
    const session = () =>
      db()
        .selectFrom('payment_sandbox_sessions')
        .select(['status', 'expires_at'])
        .where('order_id', '=', order.order_id)
        .executeTakeFirstOrThrow()
    // The session ends when its order does.
    expect(Math.floor((await session()).expires_at.getTime() / 1000)).toBe(order.expires_at)

    // Past its expiry, a page left open days ago cannot pay, even before anyone settles it.
    const past = new Date(Date.now() - 1000)
    await db()
      .updateTable('orders')
      .set({ expires_at: past })
      .where('id', '=', order.order_id)
      .execute()
    await db()
      .updateTable('payment_sandbox_sessions')
      .set({ expires_at: past })
      .where('order_id', '=', order.order_id)
      .execute()
    const shown = await (await server.get(redirectUrl)).text()
    expect(shown).toContain('この決済の有効期限が切れました')
    expect(shown).not.toContain('name="outcome"')
    const late = await decide(redirectUrl, 'pay')
    expect(late.status).toBe(409)
    expect(await late.text()).toContain('この決済の有効期限が切れました')
    expect((await session()).status).toBe('pending')
    expect((await confirm(viewer, order.order_id)).status).toBe('expired')

    // An order no longer awaiting payment cannot be paid from its page either.
    const other = await awaitingOrder()
    await db()
      .updateTable('orders')
      .set({ status: 'expired' })
      .where('id', '=', other.order.order_id)
      .execute()
    const refused = await decide(other.redirectUrl, 'pay')
    expect(refused.status).toBe(409)
    expect(await refused.text()).toContain('この決済の有効期限が切れました')
    expect((await confirm(viewer, other.order.order_id)).status).toBe('expired')
    expect(await goldOf(viewerId)).toBe(before)
  })

  describe('room item shop', () => {
    let roomId: number
    let itemId: number
    const item = (fields: Record<string, unknown>) => ({
      room_id: roomId,
      name: 'テスト缶バッジ',
      description: '直径57mm',
      category_id: 1,
      price: 600,
      stock: 3,
      is_hidden: false,
      ...fields,
    })
    const reserveItem = (client: TestClient, fields: Record<string, unknown>, room = roomId) =>
      client.postJson(`/api/ec/room/${room}/purchase/reserve`, { client_key: newKey(), ...fields })
    const stockOf = async (id: number) =>
      await db()
        .selectFrom('ec_items')
        .select(['stock', 'sold_count'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    /** Each test starts with none of the viewer's item orders open (they are capped). */
    beforeEach(() =>
      db()
        .updateTable('orders')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', viewerId)
        .where('kind', '=', 'ec_item')
        .where('status', 'in', ['reserved', 'awaiting_payment'])
        .execute(),
    )

    it('caps a viewer at 3 open item orders, so nobody can hold a whole stock again and again', async () => {
      const made = (await liver.postJson('/api/ec/room/items', item({ stock: 10 }))).body
        .item as EcItem
      const keys = [newKey(), newKey(), newKey()]
      for (const key of keys) {
        const held = await reserveItem(viewer, {
          item_id: made.item_id,
          quantity: 1,
          client_key: key,
        })
        expect(held.status).toBe(200)
      }
      const refused = await reserveItem(viewer, { item_id: made.item_id, quantity: 3 })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({ errors: [{ error_type: 'TOO_MANY_OPEN_ORDERS' }] })
      expect((await stockOf(made.item_id)).stock).toBe(7)
      // The same submit again still finds its order.
      const again = await reserveItem(viewer, {
        item_id: made.item_id,
        quantity: 1,
        client_key: keys[0],
      })
      expect(again.status).toBe(200)
      // Another viewer is not held back by this one.
      const other = await logInDemo(server, 'demo_organizer')
      expect((await reserveItem(other.client, { item_id: made.item_id, quantity: 1 })).status).toBe(
        200,
      )
    })

    beforeAll(async () => {
      roomId = await demoLiverRoomId(server)
    })

    it('answers categories, the room config and the demo items', async () => {
      const categories = (await viewer.json('/api/ec/categories')).body.categories as unknown[]
      expect(categories).toContainEqual({ category_id: 1, name: 'グッズ' })
      const config = await viewer.json('/api/ec/room/config?room_url_key=demo_liver_room')
      expect(config.body).toEqual({
        room_id: roomId,
        room_url_key: 'demo_liver_room',
        room_name: expect.any(String) as string,
        is_owner: false,
        sales_available: true,
        is_external_ec: false,
        links: [],
      } satisfies EcConfig)
      const own = await liver.json(`/api/ec/room/config?room_id=${roomId}`)
      expect((own.body as unknown as EcConfig).is_owner).toBe(true)
      expect((await viewer.json('/api/ec/room/config?room_url_key=nobody_here')).status).toBe(404)
      const neither = await viewer.json('/api/ec/room/config')
      expect(neither.status).toBe(400)
      expect(errorOf(neither.body)?.error_user_msg).toContain('room_id')
      const items = (await viewer.json(`/api/ec/room/${roomId}/items`)).body.items as EcItem[]
      expect(items.length).toBeGreaterThanOrEqual(3)
      expect(items.some((i) => i.stock !== null && i.stock <= 5)).toBe(true)
      const image = await server.get(items[0]?.image ?? '')
      expect(image.status).toBe(200)
      await image.text()
      expect((await viewer.json('/api/ec/room/999999/items')).status).toBe(404)
    })

    it('lets the owner create and edit items, checking every field', async () => {
      const count = async () =>
        (
          await db()
            .selectFrom('ec_items')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('room_id', '=', roomId)
            .executeTakeFirstOrThrow()
        ).n
      const before = await count()
      const bad = await liver.postJson(
        '/api/ec/room/items',
        item({ name: '', price: 50, stock: -1 }),
      )
      expect(bad.status).toBe(400)
      expect(Object.keys(fieldErrorsOf(bad.body) ?? {}).sort()).toEqual(['name', 'price', 'stock'])
      const unknownCategory = await liver.postJson('/api/ec/room/items', item({ category_id: 99 }))
      expect(unknownCategory.status).toBe(400)
      expect(Object.keys(fieldErrorsOf(unknownCategory.body) ?? {})).toEqual(['category_id'])
      expect(await count()).toBe(before)

      const created = await liver.postJson('/api/ec/room/items', item({}))
      expect(created.status).toBe(200)
      const made = created.body.item as EcItem
      expect(made).toMatchObject({
        room_id: roomId,
        category_name: 'グッズ',
        stock: 3,
        sold_count: 0,
      })
      itemId = made.item_id
      const edited = await liver.postForm('/api/ec/room/items', {
        room_id: String(roomId),
        item_id: String(itemId),
        name: 'テスト缶バッジ（大）',
        description: '',
        category_id: '1',
        price: '８００',
        stock: '2',
      })
      expect(edited.status).toBe(200)
      expect(edited.body.item).toMatchObject({ item_id: itemId, price: 800, stock: 2 })
      expect(await count()).toBe(before + 1)

      // An item of another room cannot be edited through this one.
      const otherRoom = await db()
        .insertInto('ec_items')
        .values({
          room_id: roomId + 1,
          category_id: 1,
          name: 'よその商品',
          description: '',
          price: 500,
          stock: null,
          color: '#000000',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const foreign = await liver.postJson('/api/ec/room/items', item({ item_id: otherRoom.id }))
      expect(foreign.status).toBe(404)
    })

    it('keeps owner routes from viewers and hidden items from the shop', async () => {
      const forbidden = [
        await viewer.json(`/api/ec/room/items_for_owner?room_id=${roomId}`),
        await viewer.postJson('/api/ec/room/items', item({})),
      ]
      for (const answer of forbidden) {
        expect(answer.status).toBe(403)
        expect(errorOf(answer.body)?.error_user_msg).toBe('このルームのオーナーだけが使えます')
      }
      const hidden = (
        await liver.postJson('/api/ec/room/items', item({ name: '非公開の商品', is_hidden: true }))
      ).body.item as EcItem
      expect(hidden.is_hidden).toBe(true)
      const shop = (await viewer.json(`/api/ec/room/${roomId}/items`)).body.items as EcItem[]
      expect(shop.map((i) => i.item_id)).not.toContain(hidden.item_id)
      const owner = (await liver.json(`/api/ec/room/items_for_owner?room_id=${roomId}`)).body
        .items as EcItem[]
      expect(owner.map((i) => i.item_id)).toContain(hidden.item_id)
      const reserveHidden = await reserveItem(viewer, { item_id: hidden.item_id, quantity: 1 })
      expect(reserveHidden.status).toBe(404)
    })

    it('holds stock for an order, refuses what is sold out, and pays without gold', async () => {
      const own = await reserveItem(liver, { item_id: itemId, quantity: 1 })
      expect(own.status).toBe(400)
      expect((await reserveItem(viewer, { item_id: itemId, quantity: 11 })).status).toBe(400)
      expect((await reserveItem(viewer, { item_id: itemId, quantity: 0 })).status).toBe(400)
      const wrongRoom = await reserveItem(viewer, { item_id: itemId, quantity: 1 }, roomId + 1)
      expect(wrongRoom.status).toBe(404)

      const reserved = await reserveItem(viewer, { item_id: itemId, quantity: 2 })
      expect(reserved.status).toBe(200)
      const order = orderOf(reserved.body)
      expect(order).toMatchObject({
        kind: 'ec_item',
        amount: 1600,
        quantity: 2,
        gold: 0,
        room_url_key: 'demo_liver_room',
      })
      expect((await stockOf(itemId)).stock).toBe(0)
      const soldOut = await reserveItem(viewer, { item_id: itemId, quantity: 1 })
      expect(soldOut.status).toBe(400)
      expect(errorOf(soldOut.body)).toEqual({
        error_user_msg: '在庫が足りません',
        error_type: 'SOLD_OUT',
      })

      const gold = await goldOf(viewerId)
      const started = await startPayment(viewer, order.order_id)
      const url = (started.body as { redirect_url: string }).redirect_url
      expect((await decide(url, 'pay')).status).toBe(303)
      expect((await confirm(viewer, order.order_id)).status).toBe('paid')
      expect(await goldOf(viewerId)).toBe(gold)
      expect(await stockOf(itemId)).toEqual({ stock: 0, sold_count: 2 })

      const ownerLogs = (await liver.json(`/api/ec/room/${roomId}/purchase_logs`)).body
        .logs as EcPurchaseLog[]
      expect(ownerLogs[0]).toMatchObject({
        order_id: order.order_id,
        item_id: itemId,
        quantity: 2,
        amount: 1600,
        user_name: 'デモ視聴者',
      })
      const viewerLogs = (await viewer.json(`/api/ec/room/${roomId}/purchase_logs`)).body
        .logs as EcPurchaseLog[]
      expect(viewerLogs.map((l) => l.order_id)).toContain(order.order_id)
      const { client: stranger } = await logInDemo(server, 'demo_organizer')
      const strangerLogs = await stranger.json(`/api/ec/room/${roomId}/purchase_logs`)
      expect(strangerLogs.body.logs).toEqual([])
    })

    it('gives held stock back when an order is cancelled or expires', async () => {
      await liver.postJson('/api/ec/room/items', item({ item_id: itemId, stock: 1 }))
      const first = orderOf((await reserveItem(viewer, { item_id: itemId, quantity: 1 })).body)
      expect((await stockOf(itemId)).stock).toBe(0)
      const started = await startPayment(viewer, first.order_id)
      await decide((started.body as { redirect_url: string }).redirect_url, 'cancel')
      expect((await confirm(viewer, first.order_id)).status).toBe('cancelled')
      expect((await stockOf(itemId)).stock).toBe(1)

      const second = orderOf((await reserveItem(viewer, { item_id: itemId, quantity: 1 })).body)
      await expire(second.order_id)
      expect(
        orderOf((await viewer.json(`/api/payment/orders/${second.order_id}`)).body).status,
      ).toBe('expired')
      expect((await stockOf(itemId)).stock).toBe(1)

      // An order nobody looked at again still gives its stock back to the next buyer.
      const third = orderOf((await reserveItem(viewer, { item_id: itemId, quantity: 1 })).body)
      await expire(third.order_id)
      const fourth = await reserveItem(viewer, { item_id: itemId, quantity: 1 })
      expect(fourth.status).toBe(200)
      expect(
        orderOf((await viewer.json(`/api/payment/orders/${third.order_id}`)).body).status,
      ).toBe('expired')
      expect((await stockOf(itemId)).stock).toBe(0)
    })

    it('refuses a client key used again for another item or quantity (409)', async () => {
      const made = (await liver.postJson('/api/ec/room/items', item({ stock: 5 }))).body
        .item as EcItem
      const key = newKey()
      const first = orderOf(
        (await reserveItem(viewer, { item_id: made.item_id, quantity: 1, client_key: key })).body,
      )
      expect((await stockOf(made.item_id)).stock).toBe(4)
      for (const fields of [
        { item_id: made.item_id, quantity: 2 },
        { item_id: itemId, quantity: 1 },
      ]) {
        const refused = await reserveItem(viewer, { ...fields, client_key: key })
        expect(refused.status).toBe(409)
        expect(errorOf(refused.body)?.error_type).toBe('CLIENT_KEY_REUSED')
      }
      expect((await stockOf(made.item_id)).stock).toBe(4)
      const again = await reserveItem(viewer, {
        item_id: made.item_id,
        quantity: 1,
        client_key: key,
      })
      expect(orderOf(again.body).order_id).toBe(first.order_id)
    })

    it('applies an owner edit to held stock as a change, and hides without touching stock', async () => {
      const made = (await liver.postJson('/api/ec/room/items', item({ stock: 5 }))).body
        .item as EcItem
      const id = made.item_id
      const edit = async (fields: Record<string, unknown>) =>
        await liver.postJson('/api/ec/room/items', item({ item_id: id, ...fields }))
      const stockAfter = async (fields: Record<string, unknown>) => {
        const answer = await edit(fields)
        expect(answer.status).toBe(200)
        return (answer.body.item as EcItem).stock
      }
      expect((await reserveItem(viewer, { item_id: id, quantity: 2 })).status).toBe(200)
      expect((await stockOf(id)).stock).toBe(3)

      // The form loaded 5 before the order: saving it unchanged keeps the 2 the order holds.
      expect(await stockAfter({ stock: 5, stock_was: 5 })).toBe(3)
      expect(await stockAfter({ stock: '6', stock_was: '5' })).toBe(4)
      // Taking away more than is left is refused on the stock field, and changes nothing.
      const tooMuch = await edit({ stock: 0, stock_was: 5 })
      expect(tooMuch.status).toBe(400)
      expect(Object.keys(fieldErrorsOf(tooMuch.body) ?? {})).toEqual(['stock'])
      expect((await stockOf(id)).stock).toBe(4)
      const badWas = await edit({ stock: 1, stock_was: 'many' })
      expect(badWas.status).toBe(400)
      expect(errorOf(badWas.body)?.error_user_msg).toContain('stock_was')

      // Hiding and showing change is_hidden only.
      const visibility = (client: TestClient, itemId: number, body: Record<string, unknown>) =>
        client.postJson(`/api/ec/room/items/${itemId}/visibility`, body)
      const hidden = await visibility(liver, id, { is_hidden: 1 })
      expect(hidden.status).toBe(200)
      expect(hidden.body.item).toMatchObject({ item_id: id, is_hidden: true, stock: 4, price: 600 })
      const shop = (await viewer.json(`/api/ec/room/${roomId}/items`)).body.items as EcItem[]
      expect(shop.map((i) => i.item_id)).not.toContain(id)
      const forbidden = await visibility(viewer, id, { is_hidden: 0 })
      expect(forbidden.status).toBe(403)
      expect(errorOf(forbidden.body)?.error_user_msg).toBe('このルームのオーナーだけが使えます')
      const missing = await visibility(liver, 99_999_999, { is_hidden: 0 })
      expect(missing.status).toBe(404)
      expect(errorOf(missing.body)?.error_user_msg).toBe('商品が見つかりません')
      expect((await visibility(liver, id, { is_hidden: 'maybe' })).status).toBe(400)
      expect((await visibility(liver, id, {})).status).toBe(400)
      const shown = await liver.postForm(`/api/ec/room/items/${id}/visibility`, { is_hidden: '0' })
      expect(shown.body.item).toMatchObject({ item_id: id, is_hidden: false, stock: 4 })
      expect((await stockOf(id)).stock).toBe(4)

      // Switching between unlimited and a number just sets it.
      expect(await stockAfter({ stock: '', stock_was: 4 })).toBeNull()
      expect(await stockAfter({ stock: 2, stock_was: '' })).toBe(2)
      expect(await stockAfter({ stock: 3, stock_was: null })).toBe(3)
      // Without stock_was (an older client) the stock is stored as sent.
      expect(await stockAfter({ stock: 7 })).toBe(7)
    })

    it('leaves expired orders to the sweeper: reading the shop changes nothing', async () => {
      const made = (await liver.postJson('/api/ec/room/items', item({ stock: 1 }))).body
        .item as EcItem
      const order = orderOf(
        (await reserveItem(viewer, { item_id: made.item_id, quantity: 1 })).body,
      )
      await expire(order.order_id)
      const anonymous = new TestClient(server.url)
      const items = (await anonymous.json(`/api/ec/room/${roomId}/items`)).body.items as EcItem[]
      expect(items.find((i) => i.item_id === made.item_id)?.stock).toBe(0)
      const row = await db()
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.order_id)
        .executeTakeFirstOrThrow()
      expect(row.status).toBe('reserved')
    })
  })

  describe('time-limited pack', () => {
    it('opens the offer, credits gold and bonus once paid, then is over', async () => {
      const first = await viewer.json('/api/payment/time_limited_pack')
      expect(first.status).toBe(200)
      const pack = first.body.pack as TimeLimitedPack
      expect(pack).toMatchObject({ price: 980, gold: 1000, bonus_gold: 500 })
      expect(pack.remaining_seconds).toBeGreaterThan(24 * 3600 - 60)
      const again = (await viewer.json('/api/payment/time_limited_pack')).body
        .pack as TimeLimitedPack
      expect(again.expires_at).toBe(pack.expires_at)

      const reserved = await viewer.postJson('/api/payment/time_limited_pack/reserve', {
        pack_id: pack.pack_id,
        client_key: newKey(),
      })
      expect(reserved.status).toBe(200)
      const order = orderOf(reserved.body)
      expect(order).toMatchObject({ kind: 'pack', amount: 980, gold: 1500 })
      const before = await goldOf(viewerId)
      const started = await startPayment(viewer, order.order_id)
      await decide((started.body as { redirect_url: string }).redirect_url, 'pay')
      expect((await confirm(viewer, order.order_id)).status).toBe('paid')
      expect(await goldOf(viewerId)).toBe(before + 1500)
      expect(await ledgerOf(order.order_id)).toEqual([{ gold_delta: 1500, reason: 'purchase' }])

      const ended = await viewer.json('/api/payment/time_limited_pack')
      expect(ended.status).toBe(404)
      expect(errorOf(ended.body)).toEqual({
        error_user_msg: 'この特別パックの販売は終了しました',
        error_type: 'PACK_ENDED',
      })
      const refused = await viewer.postJson('/api/payment/time_limited_pack/reserve', {
        pack_id: pack.pack_id,
        client_key: newKey(),
      })
      expect(refused.status).toBe(404)
      expect(errorOf(refused.body)?.error_type).toBe('PACK_ENDED')
    })

    it('is over when the offer has passed', async () => {
      const opened = await liver.json('/api/payment/time_limited_pack')
      expect(opened.status).toBe(200)
      await db()
        .updateTable('user_pack_offers')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', liverId)
        .execute()
      const ended = await liver.json('/api/payment/time_limited_pack')
      expect(ended.status).toBe(404)
      expect(errorOf(ended.body)?.error_type).toBe('PACK_ENDED')
      const refused = await liver.postJson('/api/payment/time_limited_pack/reserve', {
        pack_id: (opened.body.pack as TimeLimitedPack).pack_id,
        client_key: newKey(),
      })
      expect(refused.status).toBe(404)
    })

    const packClient = async (accountId: string) => {
      const { client, userId } = await logInDemo(server, accountId)
      const opened = await client.json('/api/payment/time_limited_pack')
      expect(opened.status).toBe(200)
      const pack = opened.body.pack as TimeLimitedPack
      const reserve = (clientKey = newKey()) =>
        client.postJson('/api/payment/time_limited_pack/reserve', {
          pack_id: pack.pack_id,
          client_key: clientKey,
        })
      return { client, userId, pack, reserve }
    }
    const packOrders = async (userId: number) =>
      (
        await db()
          .selectFrom('orders')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('user_id', '=', userId)
          .where('pack_id', 'is not', null)
          .executeTakeFirstOrThrow()
      ).n

    it('is one order from several tabs: another key answers the open order', async () => {
      const { client, userId, reserve } = await packClient('demo_organizer')
      const tabs = await Promise.all(Array.from({ length: 5 }, () => reserve()))
      expect(tabs.map((t) => t.status)).toEqual(Array(5).fill(200))
      const ids = new Set(tabs.map((t) => orderOf(t.body).order_id))
      expect(ids.size).toBe(1)
      const [orderId] = [...ids] as [string]
      expect(await packOrders(userId)).toBe(1)

      const started = await startPayment(client, orderId)
      const url = (started.body as { redirect_url: string }).redirect_url
      const later = await reserve()
      expect(orderOf(later.body)).toMatchObject({
        order_id: orderId,
        status: 'awaiting_payment',
        redirect_url: url,
      })
      expect(await packOrders(userId)).toBe(1)

      const before = await goldOf(userId)
      expect((await decide(url, 'pay')).status).toBe(303)
      expect((await confirm(client, orderId)).status).toBe('paid')
      expect(await goldOf(userId)).toBe(before + 1500)
      const ended = await reserve()
      expect(ended.status).toBe(404)
      expect(errorOf(ended.body)?.error_type).toBe('PACK_ENDED')
    })

    it('credits a pack paid twice once: the second payment fails its order', async () => {
      const { client, userId, reserve } = await packClient('demo_minor')
      const first = orderOf((await reserve()).body)
      const firstUrl = (
        (await startPayment(client, first.order_id)).body as { redirect_url: string }
      ).redirect_url
      // The first order passes its expiry unread while its page is still open, so a reserve
      // makes a second order; both pages get paid.
      await expire(first.order_id)
      const second = orderOf((await reserve()).body)
      expect(second.order_id).not.toBe(first.order_id)
      const secondUrl = (
        (await startPayment(client, second.order_id)).body as { redirect_url: string }
      ).redirect_url
      const before = await goldOf(userId)
      expect((await decide(secondUrl, 'pay')).status).toBe(303)
      expect((await confirm(client, second.order_id)).status).toBe('paid')
      expect((await decide(firstUrl, 'pay')).status).toBe(303)
      expect((await confirm(client, first.order_id)).status).toBe('failed')
      expect(await goldOf(userId)).toBe(before + 1500)
      expect(await ledgerOf(first.order_id)).toEqual([])
    })
  })
})

describe('checkout with payments off', () => {
  let server: TestServer
  let viewer: TestClient
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      CAPTCHA_FIXED_WORD: 'kirari',
      PAYMENT_PROVIDER: 'none',
      ORDER_SWEEP_MS: '50',
    })
    ;({ client: viewer } = await logInDemo(server, 'demo_viewer'))
  })
  afterAll(() => server.close())

  it('reserves an order but refuses to open a payment, and has no sandbox page', async () => {
    const reserved = await viewer.postJson('/api/povo_ec/plans/reserve', {
      plan_id: 201,
      client_key: newKey(),
    })
    const order = orderOf(reserved.body)
    const refused = await viewer.postJson('/api/povo_ec/payment/reserve', {
      order_id: order.order_id,
    })
    expect(refused.status).toBe(400)
    expect(errorOf(refused.body)?.error_user_msg).toBe('決済は現在ご利用いただけません')
    const page = await server.get('/payment/sandbox/ps_AAAAAAAAAAAAAAAAAAAAAAAA')
    expect(page.status).toBe(404)
    await page.text()
  })

  it('still expires open orders past their expiry, giving their stock back', async () => {
    const db = server.database.db
    const { client: liver } = await logInDemo(server, 'demo_liver')
    const { made, reserve } = await itemOnSale(server, liver, viewer, '決済なしの商品', 2)
    const reserved = await reserve()
    // An order sent to a provider that is no longer configured: nobody can be asked about it.
    const awaiting = await reserve()
    await db
      .updateTable('orders')
      .set({
        status: 'awaiting_payment',
        provider: 'sandbox',
        provider_session: 'ps_AAAAAAAAAAAAAAAAAAAAAAAA',
      })
      .where('id', '=', awaiting.order_id)
      .execute()
    const stock = async () =>
      (
        await db
          .selectFrom('ec_items')
          .select('stock')
          .where('id', '=', made.item_id)
          .executeTakeFirstOrThrow()
      ).stock
    expect(await stock()).toBe(0)
    await db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [reserved.order_id, awaiting.order_id])
      .execute()
    const statuses = async () =>
      (
        await db
          .selectFrom('orders')
          .select('status')
          .where('id', 'in', [reserved.order_id, awaiting.order_id])
          .execute()
      ).map((o) => o.status)
    await expect.poll(statuses, { timeout: 5000, interval: 50 }).toEqual(['expired', 'expired'])
    expect(await stock()).toBe(2)
  })
})

describe.each(await testEngines())('the order sweeper on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let liver: TestClient
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari', ORDER_SWEEP_MS: '50' })
    ;({ client: viewer } = await logInDemo(server, 'demo_viewer'))
    ;({ client: liver } = await logInDemo(server, 'demo_liver'))
  })
  afterAll(() => server.close())

  it('expires orders nobody reads again, cancels their payment and gives stock back', async () => {
    const db = server.database.db
    const { made, reserve } = await itemOnSale(server, liver, viewer, '掃除される商品', 3)
    const reserved = await reserve()
    const awaiting = await reserve()
    const started = await viewer.postJson('/api/povo_ec/payment/reserve', {
      order_id: awaiting.order_id,
    })
    expect(started.status).toBe(200)
    const fresh = await reserve()
    const stock = async () =>
      (
        await db
          .selectFrom('ec_items')
          .select('stock')
          .where('id', '=', made.item_id)
          .executeTakeFirstOrThrow()
      ).stock
    expect(await stock()).toBe(0)
    await db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', 'in', [reserved.order_id, awaiting.order_id])
      .execute()
    const statusOf = async (orderId: string) =>
      (
        await db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).status
    await expect
      .poll(async () => [await statusOf(reserved.order_id), await statusOf(awaiting.order_id)], {
        timeout: 5000,
        interval: 50,
      })
      .toEqual(['expired', 'expired'])
    expect(await stock()).toBe(2)
    expect(await statusOf(fresh.order_id)).toBe('reserved')
    const session = await db
      .selectFrom('payment_sandbox_sessions')
      .select('status')
      .where('order_id', '=', awaiting.order_id)
      .executeTakeFirstOrThrow()
    expect(session.status).toBe('cancelled')
  })
})
