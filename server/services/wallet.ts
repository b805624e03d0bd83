import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'

/** What a gold debit is for: the ledger row names it. */
export type DebitFor =
  { reason: 'gift'; giftId: number; liveId: number } | { reason: 'gacha'; gachaDrawId: string }

export interface Debited {
  fromGold: number
  fromExpiring: number
}

/**
 * Takes `points` of gold from a user inside the caller's transaction: expiring gold first, then
 * gold, by a conditional update that can never leave a balance below zero, with the ledger row
 * beside it. Not enough gold is a 400 with error_type NOT_ENOUGH_POINT and nothing changed.
 */
export async function debitGold(
  tx: Db,
  userId: number,
  points: number,
  purpose: DebitFor,
  notEnough: string,
): Promise<Debited> {
  const refuse = () => new ApiError(400, notEnough, { errorType: 'NOT_ENOUGH_POINT' })
  const user = await tx
    .selectFrom('users')
    .select(['gold', 'expiring_gold'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow()
  if (user.gold + user.expiring_gold < points) throw refuse()
  const fromExpiring = Math.min(user.expiring_gold, points)
  const fromGold = points - fromExpiring
  const updated = await tx
    .updateTable('users')
    .set({
      gold: sql`gold - ${fromGold}`,
      expiring_gold: sql`expiring_gold - ${fromExpiring}`,
    })
    .where('id', '=', userId)
    .where('gold', '>=', fromGold)
    .where('expiring_gold', '>=', fromExpiring)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw refuse()
  await tx
    .insertInto('ledger')
    .values({
      user_id: userId,
      gold_delta: -fromGold,
      expiring_gold_delta: -fromExpiring,
      reason: purpose.reason,
      ...(purpose.reason === 'gift'
        ? { gift_id: purpose.giftId, live_id: purpose.liveId }
        : { gacha_draw_id: purpose.gachaDrawId }),
    })
    .execute()
  return { fromGold, fromExpiring }
}

/** A user's gold and expiring gold as the API answers them. */
export async function walletOf(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['gold', 'expiring_gold'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return { remaining_point: user.gold, remaining_expiring_point: user.expiring_gold }
}
