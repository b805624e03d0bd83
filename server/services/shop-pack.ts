/** The time-limited pack: the user's offer, its read and its reserve. */
import type { Order, TimeLimitedPack } from '../../src/domain/shop.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { insertOrder, reserveOnce } from './orders.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { shopMessages } from './shop.ts'

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

const packEnded = () => new ApiError(404, shopMessages.packEnded, { errorType: 'PACK_ENDED' })

/**
 * The user's offer of a time-limited pack, opened (for offer_hours) the first time it is seen.
 * An offer that has passed, or a pack the user has paid for, is over (404 PACK_ENDED). With
 * `lock` (inside a reserve's transaction) the offer row is locked, so the user's reserves and
 * settles of this pack take turns.
 */
async function openOffer(db: Db, userId: number, packId: number | null, now: Date, lock = false) {
  let query = db
    .selectFrom('time_limited_packs')
    .select(['id', 'name', 'description', 'price', 'gold', 'bonus_gold', 'offer_hours'])
    .orderBy('id')
  if (packId !== null) query = query.where('id', '=', packId)
  const pack = await query.executeTakeFirst()
  if (!pack) throw packEnded()
  await db
    .insertInto('user_pack_offers')
    .values({
      user_id: userId,
      pack_id: pack.id,
      opened_at: now,
      expires_at: new Date(now.getTime() + pack.offer_hours * 3_600_000),
    })
    .onConflict((oc) => oc.columns(['user_id', 'pack_id']).doNothing())
    .execute()
  let offerQuery = db
    .selectFrom('user_pack_offers')
    .select('expires_at')
    .where('user_id', '=', userId)
    .where('pack_id', '=', pack.id)
  if (lock) offerQuery = offerQuery.forUpdate()
  const offer = await offerQuery.executeTakeFirstOrThrow()
  if (offer.expires_at <= now) throw packEnded()
  const bought = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('pack_id', '=', pack.id)
    .where('status', '=', 'paid')
    .executeTakeFirst()
  if (bought) throw packEnded()
  return { pack, expiresAt: offer.expires_at }
}

/** `GET /api/payment/time_limited_pack`. */
export async function timeLimitedPack(db: Db, userId: number, now = new Date()) {
  const { pack, expiresAt } = await openOffer(db, userId, null, now)
  const offer: TimeLimitedPack = {
    pack_id: pack.id,
    name: pack.name,
    description: pack.description,
    price: pack.price,
    gold: pack.gold,
    bonus_gold: pack.bonus_gold,
    expires_at: unixSeconds(expiresAt),
    remaining_seconds: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
  }
  return offer
}

/**
 * `POST /api/payment/time_limited_pack/reserve`: an order for the pack while its offer lasts,
 * one at a time: while the user has an open order for the pack (reserved or awaiting payment,
 * not past its expiry), a reserve with another client key (a second tab) answers that order,
 * as a repeated reserve would, instead of making a second one that could be paid too. A
 * client key already used for another pack is 409 CLIENT_KEY_REUSED.
 */
export async function reservePack(
  db: Db,
  provider: PaymentProvider | null,
  request: { userId: number; packId: number; clientKey: string },
): Promise<Order> {
  const { userId, clientKey } = request
  const create = async (tx: Db) => {
    const now = new Date()
    const { pack } = await openOffer(tx, userId, request.packId, now, true)
    const open = await tx
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('pack_id', '=', pack.id)
      .where('status', 'in', ['reserved', 'awaiting_payment'])
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .executeTakeFirst()
    if (open) return open.id
    return insertOrder(
      tx,
      {
        user_id: userId,
        kind: 'pack',
        title: pack.name,
        quantity: 1,
        amount: pack.price,
        gold: pack.gold + pack.bonus_gold,
        pack_id: pack.id,
        client_key: clientKey,
      },
      now,
    )
  }
  return reserveOnce(db, provider, { userId, clientKey }, create, (existing) => {
    return existing.pack_id === request.packId
  })
}
