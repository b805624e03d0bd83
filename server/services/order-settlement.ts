/** Order settlement: state transitions, settle() against the provider, and the expiry sweeper. */
import { startJob } from './jobs.ts'
import { sql } from 'kysely'
import type { Logger } from '../env.ts'
import type { Db } from '../db/index.ts'
import type { OrderStatus } from '../../src/domain/shop.ts'
import type { PaymentProvider } from './payment-provider.ts'

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
  return startJob({
    name: 'order sweep',
    intervalMs,
    logger,
    run: async () => {
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
    },
  })
}
