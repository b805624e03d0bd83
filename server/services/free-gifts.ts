import type { Db } from '../db/index.ts'
import { GIFT_KIND } from '../../src/domain/gifts.ts'

/** Free gifts a user can hold of one kind (SPEC §4 free_num). */
export const FREE_GIFT_CAP = 99
/** How many of each free gift a viewer earns per grant, and how often a grant can come. */
export const FREE_GIFT_GRANT = 10
export const FREE_GIFT_GRANT_INTERVAL_MS = 10 * 60_000

/** The free gifts a user holds, as current_user's gift_list.normal: `{ gift_id, free_num }`. */
export async function freeGiftStock(db: Db, userId: number) {
  const rows = await db
    .selectFrom('user_free_gifts')
    .innerJoin('gifts', 'gifts.id', 'user_free_gifts.gift_id')
    .select(['user_free_gifts.gift_id', 'user_free_gifts.num', 'gifts.kind'])
    .where('user_free_gifts.user_id', '=', userId)
    .orderBy('gifts.order_no')
    .execute()
  const entry = (r: { gift_id: number; num: number }) => ({ gift_id: r.gift_id, free_num: r.num })
  return {
    normal: rows.filter((r) => r.kind === GIFT_KIND.normal).map(entry),
    enquete: rows.filter((r) => r.kind === GIFT_KIND.vote).map(entry),
  }
}

/**
 * The documented way to earn free gifts: a logged-in viewer watching a live (its polling) gets
 * FREE_GIFT_GRANT of each free star every FREE_GIFT_GRANT_INTERVAL_MS, up to FREE_GIFT_CAP each.
 * Returns whether a grant was made.
 */
export async function grantFreeGifts(db: Db, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const user = await tx
      .selectFrom('users')
      .select('free_gifts_granted_at')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user) return false
    const last = user.free_gifts_granted_at
    if (last && now.getTime() - last.getTime() < FREE_GIFT_GRANT_INTERVAL_MS) return false
    await tx
      .updateTable('users')
      .set({ free_gifts_granted_at: now })
      .where('id', '=', userId)
      .execute()
    const stars = await tx
      .selectFrom('gifts')
      .select('id')
      .where('free', '=', true)
      .where('kind', '=', GIFT_KIND.normal)
      .where('is_hidden', '=', false)
      .execute()
    for (const { id } of stars) {
      await creditFreeGifts(tx, userId, id, FREE_GIFT_GRANT, { reason: 'free_grant' })
    }
    return true
  })
}

/**
 * Adds `num` of a free gift to a user's stock inside the caller's transaction, up to
 * FREE_GIFT_CAP, with its ledger row; answers how many were added (0 at the cap).
 */
export async function creditFreeGifts(
  tx: Db,
  userId: number,
  giftId: number,
  num: number,
  why:
    | { reason: 'free_grant' }
    | { reason: 'gacha'; gachaDrawId: string }
    | { reason: 'mission'; missionRewardId: string },
): Promise<number> {
  const held = await tx
    .selectFrom('user_free_gifts')
    .select('num')
    .where('user_id', '=', userId)
    .where('gift_id', '=', giftId)
    .forUpdate()
    .executeTakeFirst()
  const before = held?.num ?? 0
  const after = Math.min(FREE_GIFT_CAP, before + num)
  if (after === before) return 0
  await tx
    .insertInto('user_free_gifts')
    .values({ user_id: userId, gift_id: giftId, num: after })
    .onConflict((oc) => oc.columns(['user_id', 'gift_id']).doUpdateSet({ num: after }))
    .execute()
  await tx
    .insertInto('ledger')
    .values({
      user_id: userId,
      gift_id: giftId,
      free_delta: after - before,
      reason: why.reason,
      ...(why.reason === 'gacha' && { gacha_draw_id: why.gachaDrawId }),
      ...(why.reason === 'mission' && { mission_reward_id: why.missionRewardId }),
    })
    .execute()
  return after - before
}
