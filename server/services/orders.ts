import { randomBytes } from 'node:crypto'
import { sql, type Insertable } from 'kysely'
import { isSettled, type Order } from '../../src/domain/shop.ts'
import type { Logger } from '../app.ts'
import type { Db } from '../db/index.ts'
import type { OrderStatus, OrderTable } from '../db/schema.ts'
import { ApiError, messages } from '../errors.ts'
import type { PaymentProvider } from './payments.ts'

/** An order not paid this long after it was made is expired. */
export const ORDER_TTL_MS = 30 * 60_000

export const orderMessages = {
  notFound: '注文が見つかりません',
  settled: 'この注文はすでに手続きが終わっています。',
  expired: 'この注文は有効期限が切れました。お手数ですが、もう一度お申し込みください。',
  unavailable: '決済は現在ご利用いただけません',
  keyReused: 'この注文は内容が変わりました。もう一度お試しください。',
} as const

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

export const newOrderId = () => `o_${randomBytes(12).toString('base64url')}`

/** A client key (one per checkout attempt, made by the browser): 8–64 of [A-Za-z0-9_-]. */
export function checkClientKey(value: string): string {
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(value)) {
    throw new ApiError(400, `${messages.invalidParameter} (client_key)`)
  }
  return value
}

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
 * Inserts a reserved order inside the caller's transaction; null when the user already has an
 * order with this client key (a double submit), in which case nothing may be changed.
 */
export async function insertOrder(tx: Db, order: NewOrder, now: Date): Promise<string | null> {
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

/**
 * Moves an order from `from` to `to` on its locked row, with what the change carries, in one
 * transaction: paid credits the order's gold (with its ledger row) and counts a room item as
 * sold; cancelled, failed and expired give a room item's held stock back. A transition whose
 * starting state no longer holds does nothing, so none is skipped or made twice.
 *
 * A time-limited pack is sold once per user: a pack order paid when another order of the same
 * user has already paid for that pack (two tabs, each paid at the provider) is marked failed
 * instead and credits nothing. The provider's result is left as it is: a real provider would
 * refund that payment here (or an operator would, from the failed order).
 */
async function transition(
  db: Db,
  orderId: string,
  from: OrderStatus,
  to: 'paid' | 'cancelled' | 'failed' | 'expired',
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom('orders')
      .select(['status', 'user_id', 'gold', 'ec_item_id', 'quantity', 'pack_id'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst()
    if (order?.status !== from) return false
    let target = to
    if (to === 'paid' && order.pack_id !== null) {
      // The user's offer row serialises this with any other settle of the same pack.
      await tx
        .selectFrom('user_pack_offers')
        .select('pack_id')
        .where('user_id', '=', order.user_id)
        .where('pack_id', '=', order.pack_id)
        .forUpdate()
        .executeTakeFirst()
      const other = await tx
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', order.user_id)
        .where('pack_id', '=', order.pack_id)
        .where('status', '=', 'paid')
        .where('id', '!=', orderId)
        .executeTakeFirst()
      if (other) target = 'failed'
    }
    const updated = await tx
      .updateTable('orders')
      .set({ status: target, updated_at: now, ...(target === 'paid' ? { paid_at: now } : {}) })
      .where('id', '=', orderId)
      .where('status', '=', from)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) !== 1) return false
    if (target === 'paid') {
      if (order.gold > 0) {
        await tx
          .updateTable('users')
          .set({ gold: sql`gold + ${order.gold}` })
          .where('id', '=', order.user_id)
          .execute()
        await tx
          .insertInto('ledger')
          .values({
            user_id: order.user_id,
            gold_delta: order.gold,
            reason: 'purchase',
            order_id: orderId,
          })
          .execute()
      }
      if (order.ec_item_id !== null) {
        await tx
          .updateTable('ec_items')
          .set({ sold_count: sql`sold_count + ${order.quantity}` })
          .where('id', '=', order.ec_item_id)
          .execute()
      }
    } else if (order.ec_item_id !== null) {
      // Unlimited items (stock null) stay unlimited: null + n is null.
      await tx
        .updateTable('ec_items')
        .set({ stock: sql`stock + ${order.quantity}` })
        .where('id', '=', order.ec_item_id)
        .execute()
    }
    return true
  })
}

/**
 * Brings an order up to date with its provider: the only way an order becomes paid. An order
 * awaiting payment takes the provider's result (paid, cancelled, failed; pending changes
 * nothing). Past its expiry, a reserved order is expired; one awaiting payment has its session
 * cancelled first and is asked again, so a payment made at the last moment still wins.
 */
export async function settle(
  db: Db,
  provider: PaymentProvider | null,
  orderId: string,
  now = new Date(),
): Promise<void> {
  const order = await db
    .selectFrom('orders')
    .select(['status', 'provider', 'provider_session', 'expires_at'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return
  const expired = order.expires_at <= now
  if (order.status === 'reserved') {
    if (expired) await transition(db, orderId, 'reserved', 'expired', now)
    return
  }
  if (order.status !== 'awaiting_payment') return
  const session = order.provider_session
  if (!session || !provider || order.provider !== provider.name) {
    // No provider to ask: payments are off (PAYMENT_PROVIDER=none) or the session is another
    // provider's (the configuration changed), whose word cannot be read from here. Past its
    // expiry the order is expired all the same, so it does not hold stock forever; a payment
    // such a provider took meanwhile is for an operator to refund.
    if (expired) await transition(db, orderId, 'awaiting_payment', 'expired', now)
    return
  }
  let result = await provider.getResult(session)
  if (result === 'pending' && expired) {
    await provider.cancelSession(session)
    result = await provider.getResult(session)
    if (result === 'cancelled') {
      await transition(db, orderId, 'awaiting_payment', 'expired', now)
      return
    }
  }
  if (result !== 'pending') await transition(db, orderId, 'awaiting_payment', result, now)
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

/** How many orders one sweep (or one reserve's retry) settles at most. */
export const SWEEP_BATCH = 100

/**
 * Settles open orders past their expiry, oldest first, at most `limit` of them (optionally only
 * one room item's or one room's): settle() expires a reserved one, asks the provider about one
 * awaiting payment (a payment made at the last moment still wins) and expires it without asking
 * when there is no provider; stock they held is given back. Every move is a conditional update
 * on the order's locked row, so several processes sweeping at once move each order once. An
 * order that cannot be settled (the provider did not answer) is reported to `onError` and left
 * for the next sweep. Answers how many orders were looked at.
 */
export async function settleStale(
  db: Db,
  provider: PaymentProvider | null,
  where: { ecItemId?: number; roomId?: number } = {},
  options: { now?: Date; limit?: number; onError?: (orderId: string, error: unknown) => void } = {},
): Promise<number> {
  const now = options.now ?? new Date()
  let query = db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', ['reserved', 'awaiting_payment'])
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
  if (where.ecItemId !== undefined) query = query.where('ec_item_id', '=', where.ecItemId)
  if (where.roomId !== undefined) query = query.where('room_id', '=', where.roomId)
  const stale = await query.limit(options.limit ?? SWEEP_BATCH).execute()
  for (const { id } of stale) {
    try {
      await settle(db, provider, id, now)
    } catch (error) {
      if (!options.onError) throw error
      options.onError(id, error)
    }
  }
  return stale.length
}

/**
 * Expires abandoned orders without waiting for anyone to read them: every `intervalMs` (config
 * ORDER_SWEEP_MS; 0 = off) one batch of open orders past their expiry is settled (settleStale),
 * once at start too. A sweep still running when the next is due is not doubled.
 */
export function startOrderSweeper(deps: {
  db: Db
  provider: PaymentProvider | null
  logger: Logger
  intervalMs: number
}) {
  const { db, provider, logger, intervalMs } = deps
  if (!(intervalMs > 0)) return { stop: async () => {} }
  let running: Promise<void> | undefined
  const sweep = async () => {
    const looked = await settleStale(
      db,
      provider,
      {},
      {
        onError: (orderId, error) =>
          logger.error('order sweep: settle failed', { orderId, error: String(error) }),
      },
    )
    if (looked > 0) logger.info('order sweep', { orders: looked })
  }
  const tick = () => {
    running ??= sweep()
      .catch((error: unknown) => logger.error('order sweep failed', { error: String(error) }))
      .finally(() => {
        running = undefined
      })
  }
  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
