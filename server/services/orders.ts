/** Orders: creation (reserve once per client key), reading, and opening the provider's payment. */
import { randomBytes } from 'node:crypto'
import type { Insertable } from 'kysely'
import { isSettled, type Order, type OrderStatus } from '../../src/domain/shop.ts'
import type { Db } from '../db/index.ts'
import type { OrderTable } from '../db/schema-shop.ts'
import { ApiError, messages } from '../errors.ts'
import { settle } from './order-settlement.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { refuseUnconsentedMinor } from './guardian.ts'

/** An order not paid this long after it was made is expired. */
export const ORDER_TTL_MS = 30 * 60_000

export const orderMessages = {
  notFound: '注文が見つかりません',
  settled: 'この注文はすでに手続きが終わっています。',
  expired: 'この注文は有効期限が切れました。お手数ですが、もう一度お申し込みください。',
  unavailable: '決済は現在ご利用いただけません',
  keyReused: 'この注文は内容が変わりました。もう一度お試しください。',
  tooManyOpen:
    'お支払い待ちの注文が多すぎます。お支払いを済ませるか、しばらくしてから再度お試しください。',
} as const

/**
 * Room-item orders one user may have open (reserved or awaiting payment) at once. Each holds
 * stock for 30 minutes; without a cap one account could hold an item's whole stock again and
 * again. (Plans hold no stock; the pack is one open order per user already.)
 */
export const MAX_OPEN_ORDERS = 3

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

export const newOrderId = () => `o_${randomBytes(12).toString('base64url')}`

/** `/api/payment/orders/{id}` and the other order answers: SPEC shapes in src/domain/shop.ts. */
export async function orderView(db: Db, orderId: string): Promise<Order> {
  const row = await db
    .selectFrom('orders')
    .leftJoin('shop_plans', 'shop_plans.id', 'orders.plan_id')
    .leftJoin('rooms', 'rooms.id', 'orders.room_id')
    .selectAll('orders')
    .select(['shop_plans.package_id', 'rooms.room_url_key'])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow()
  return {
    order_id: row.id,
    kind: row.kind,
    status: row.status,
    title: row.title,
    quantity: row.quantity,
    amount: row.amount,
    gold: row.gold,
    package_id: row.package_id,
    plan_id: row.plan_id,
    room_url_key: row.room_url_key,
    shipping: row.shipping,
    created_at: unixSeconds(row.created_at),
    expires_at: unixSeconds(row.expires_at),
    paid_at: row.paid_at ? unixSeconds(row.paid_at) : null,
    redirect_url: row.status === 'awaiting_payment' ? row.redirect_url : null,
  }
}

/** The caller's own order; anyone else's is as unknown as a missing one. */
async function ownOrder(db: Db, userId: number, orderId: string) {
  const row = /^o_[A-Za-z0-9_-]{16}$/.test(orderId)
    ? await db
        .selectFrom('orders')
        .select(['id', 'status', 'title', 'amount', 'redirect_url', 'expires_at'])
        .where('id', '=', orderId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    : undefined
  if (!row) throw new ApiError(404, orderMessages.notFound)
  return row
}

/** What an order is made of: everything but its id, state and times. */
export type NewOrder = Omit<
  Insertable<OrderTable>,
  'id' | 'status' | 'created_at' | 'updated_at' | 'expires_at' | 'paid_at'
>

/**
 * A room item's order holds stock for 30 minutes; a user with MAX_OPEN_ORDERS of them open gets
 * a 409 rather than one more (unless this is the same submit again, which insertOrder answers).
 */
async function refuseTooManyHolding(tx: Db, order: NewOrder, now: Date): Promise<void> {
  // The user's row is the lock that makes this count and the caller's insert one step.
  await tx.selectFrom('users').select('id').where('id', '=', order.user_id).forUpdate().execute()
  const open = await tx
    .selectFrom('orders')
    .select(['client_key'])
    .where('user_id', '=', order.user_id)
    .where('kind', '=', 'ec_item')
    .where('status', 'in', ['reserved', 'awaiting_payment'])
    .where('expires_at', '>', now)
    .execute()
  if (open.some((o) => o.client_key === order.client_key)) return
  if (open.length >= MAX_OPEN_ORDERS) {
    throw new ApiError(409, orderMessages.tooManyOpen, { errorType: 'TOO_MANY_OPEN_ORDERS' })
  }
}

/**
 * Inserts a reserved order inside the caller's transaction; null when the user already has an
 * order with this client key (a double submit), in which case nothing may be changed.
 */
export async function insertOrder(tx: Db, order: NewOrder, now: Date): Promise<string | null> {
  if (order.kind === 'ec_item') await refuseTooManyHolding(tx, order, now)
  // Issue #28 point 4: buying gold (a plan or a pack) waits for a guardian's consent under 13.
  if (order.gold > 0) await refuseUnconsentedMinor(tx, order.user_id, now)
  const row = await tx
    .insertInto('orders')
    .values({
      ...order,
      id: newOrderId(),
      status: 'reserved',
      created_at: now,
      updated_at: now,
      expires_at: new Date(now.getTime() + ORDER_TTL_MS),
    })
    .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

const orderByKey = (db: Db, userId: number, clientKey: string) =>
  db
    .selectFrom('orders')
    .select(['id', 'plan_id', 'pack_id', 'ec_item_id', 'quantity', 'shipping'])
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst()

/** What a reserve compares an earlier order of the same client key with. */
export type OrderContents = NonNullable<Awaited<ReturnType<typeof orderByKey>>>

const keyReused = () =>
  new ApiError(409, orderMessages.keyReused, { errorType: 'CLIENT_KEY_REUSED' })

/**
 * A reserve that happens once per (user, client key): a repeated or concurrent submit answers
 * the order the first one made, whatever has happened to it since — provided it asked for the
 * same thing: when `sameAs` says the earlier order of the key differs (another plan, item,
 * quantity, pack or address), the answer is 409 CLIENT_KEY_REUSED and nothing is made. `create`
 * runs in a transaction and answers insertOrder's result (or an existing order's id that is to
 * be answered instead, as a pack's open order is); on a conflict it must have changed nothing.
 */
export async function reserveOnce(
  db: Db,
  provider: PaymentProvider | null,
  key: { userId: number; clientKey: string },
  create: (tx: Db) => Promise<string | null>,
  sameAs: (existing: OrderContents) => boolean | Promise<boolean>,
): Promise<Order> {
  let existing = await orderByKey(db, key.userId, key.clientKey)
  let id = existing?.id
  if (existing === undefined) {
    id = (await db.transaction().execute(create)) ?? undefined
    if (id === undefined) {
      // Lost the race to a concurrent submit with the same key: the unique index waited for it.
      existing = await orderByKey(db, key.userId, key.clientKey)
      id = existing?.id
    }
  }
  if (id === undefined) throw new ApiError(500, messages.system)
  if (existing !== undefined && !(await sameAs(existing))) throw keyReused()
  // An earlier order (of this key, or the one `create` answered) is brought up to date first.
  await settle(db, provider, id)
  return orderView(db, id)
}

/** `/api/payment/orders/{id}` and `/api/payment/confirm`: the caller's order, settled first. */
export async function readOrder(
  db: Db,
  provider: PaymentProvider | null,
  userId: number,
  orderId: string,
): Promise<Order> {
  await ownOrder(db, userId, orderId)
  await settle(db, provider, orderId)
  return orderView(db, orderId)
}

function refuseSettled(status: OrderStatus): never {
  if (status === 'expired') {
    throw new ApiError(409, orderMessages.expired, { errorType: 'ORDER_EXPIRED' })
  }
  throw new ApiError(409, orderMessages.settled, { errorType: 'ORDER_SETTLED' })
}

/**
 * `/api/povo_ec/payment/reserve`: opens the provider's payment for a reserved order, once. The
 * session is made outside any transaction (a provider is a network call) and attached only if
 * the order is still reserved; a concurrent call that lost cancels its own session and answers
 * the winner's page.
 */
export async function startPayment(
  db: Db,
  provider: PaymentProvider | null,
  request: { userId: number; orderId: string; returnBase: string },
): Promise<{ order: Order; redirect_url: string }> {
  if (!provider) {
    throw new ApiError(400, orderMessages.unavailable, { errorType: 'PAYMENT_UNAVAILABLE' })
  }
  const { userId, orderId } = request
  for (let attempt = 0; attempt < 2; attempt++) {
    await ownOrder(db, userId, orderId)
    await settle(db, provider, orderId)
    const order = await ownOrder(db, userId, orderId)
    if (order.status === 'awaiting_payment' && order.redirect_url) {
      return { order: await orderView(db, orderId), redirect_url: order.redirect_url }
    }
    if (isSettled(order.status)) refuseSettled(order.status)
    const session = await provider.createSession({
      orderId,
      title: order.title,
      amount: order.amount,
      returnBase: request.returnBase,
      expiresAt: order.expires_at,
    })
    const now = new Date()
    const attached = await db
      .updateTable('orders')
      .set({
        status: 'awaiting_payment',
        provider: provider.name,
        provider_session: session.sessionId,
        redirect_url: session.redirectUrl,
        updated_at: now,
      })
      .where('id', '=', orderId)
      .where('status', '=', 'reserved')
      .where('expires_at', '>', now)
      .executeTakeFirst()
    if (Number(attached.numUpdatedRows) === 1) {
      return { order: await orderView(db, orderId), redirect_url: session.redirectUrl }
    }
    await provider.cancelSession(session.sessionId)
  }
  // Twice overtaken: the order has moved on meanwhile.
  const order = await ownOrder(db, userId, orderId)
  refuseSettled(order.status)
}
