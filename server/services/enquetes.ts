import { sql } from 'kysely'
import type { EnqueteResultAnswer } from '../../src/contract/gifts.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { openLive } from './lives.ts'
import { giftImage } from '../../src/domain/gifts.ts'

/** Vote gifts of each answer a viewer gets for one enquete (SPEC §4: sending one reduces its stock). */
export const ENQUETE_VOTES = 10
/** Vote gift ids: the answer n is gift 10000 + n (gift-catalogue.ts VOTE_GIFTS). */
export const VOTE_GIFT_BASE = 10000

export const enqueteMessages = {
  alreadyOpen: '実施中のアンケートがあります。',
  noneOpen: '現在アンケートは実施されていません。',
  options: 'アンケートの選択肢は2〜10個です。',
  noAnswer: 'この選択肢はアンケートにありません。',
  noVotes: 'このアンケートで使える投票ギフトが残っていません。',
} as const

/** The live's open enquete, if any. */
export const openEnquete = (db: Db, liveId: number) =>
  db
    .selectFrom('enquetes')
    .select(['id', 'option_count', 'started_at'])
    .where('live_id', '=', liveId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()

/** Results of an enquete: each answer's votes and share, as `enquete_result` gives them. */
export async function enqueteResult(db: Db, enquete: { id: number; option_count: number }) {
  const rows = await db
    .selectFrom('enquete_votes')
    .select(['gift_id', sql<number>`sum(num)::int`.as('num')])
    .where('enquete_id', '=', enquete.id)
    .groupBy('gift_id')
    .execute()
  const total = rows.reduce((sum, r) => sum + r.num, 0)
  return Array.from({ length: enquete.option_count }, (_, i) => {
    const giftId = VOTE_GIFT_BASE + i + 1
    const num = rows.find((r) => r.gift_id === giftId)?.num ?? 0
    return {
      id: i + 1,
      gift_id: giftId,
      image: giftImage(giftId),
      num,
      rate: total === 0 ? 0 : Math.round((num / total) * 1000) / 10,
    }
  })
}

/**
 * `/api/live/enquete_result` of a room: is a vote open on its live, and the results of that one
 * (or of the live's last vote) so far.
 */
export async function roomEnqueteResult(db: Db, roomId: number): Promise<EnqueteResultAnswer> {
  const live = await openLive(db, { roomId })
  if (!live) return { is_enquete: false, results: [] }
  const open = await openEnquete(db, live.live_id)
  const last =
    open ??
    (await db
      .selectFrom('enquetes')
      .select(['id', 'option_count'])
      .where('live_id', '=', live.live_id)
      .orderBy('id', 'desc')
      .executeTakeFirst())
  return {
    is_enquete: open !== undefined,
    results: last ? await enqueteResult(db, last) : [],
  }
}

/** Opens an enquete with `options` answers and pushes `t:3` to the room. */
export async function startEnquete(
  db: Db,
  hub: PushHub,
  live: { live_id: number; bcsvr_key: string },
  options: number,
) {
  if (!Number.isInteger(options) || options < 2 || options > 10) {
    throw new ApiError(400, enqueteMessages.options)
  }
  // The live's row serialises starts, so two at once make one vote and one 409.
  const row = await db.transaction().execute(async (tx) => {
    await tx.selectFrom('lives').select('id').where('id', '=', live.live_id).forUpdate().execute()
    if (await openEnquete(tx, live.live_id)) throw new ApiError(409, enqueteMessages.alreadyOpen)
    return tx
      .insertInto('enquetes')
      .values({ live_id: live.live_id, option_count: options })
      .returning(['id', 'started_at'])
      .executeTakeFirstOrThrow()
  })
  hub.publishFrame(live.bcsvr_key, '3', {
    enquete_id: row.id,
    options,
    created_at: Math.floor(row.started_at.getTime() / 1000),
  })
  return { ok: 1, enquete_id: row.id, options }
}

/** Closes the open enquete and pushes `t:4` with the results. */
export async function endEnquete(
  db: Db,
  hub: PushHub,
  live: { live_id: number; bcsvr_key: string },
) {
  const enquete = await openEnquete(db, live.live_id)
  if (!enquete) throw new ApiError(400, enqueteMessages.noneOpen)
  await db
    .updateTable('enquetes')
    .set({ ended_at: new Date() })
    .where('id', '=', enquete.id)
    .execute()
  const results = await enqueteResult(db, enquete)
  hub.publishFrame(live.bcsvr_key, '4', { enquete_id: enquete.id, results })
  return { ok: 1, results }
}

/**
 * One vote (num vote gifts) in the live's open enquete, from the voter's stock for it (10 at the
 * start), with a conditional update that never goes below zero. Returns what is left. Runs in
 * the caller's transaction (the gift's).
 */
export async function castVote(
  tx: Db,
  vote: { userId: number; liveId: number; giftId: number; num: number },
): Promise<number> {
  const enquete = await tx
    .selectFrom('enquetes')
    .select(['id', 'option_count'])
    .where('live_id', '=', vote.liveId)
    .where('ended_at', 'is', null)
    .forShare()
    .executeTakeFirst()
  if (!enquete) throw new ApiError(400, enqueteMessages.noneOpen)
  const answer = vote.giftId - VOTE_GIFT_BASE
  if (answer < 1 || answer > enquete.option_count) throw new ApiError(400, enqueteMessages.noAnswer)
  await tx
    .insertInto('enquete_stock')
    .values({
      enquete_id: enquete.id,
      user_id: vote.userId,
      gift_id: vote.giftId,
      remaining: ENQUETE_VOTES,
    })
    .onConflict((oc) => oc.columns(['enquete_id', 'user_id', 'gift_id']).doNothing())
    .execute()
  const left = await tx
    .updateTable('enquete_stock')
    .set({ remaining: sql`remaining - ${vote.num}` })
    .where('enquete_id', '=', enquete.id)
    .where('user_id', '=', vote.userId)
    .where('gift_id', '=', vote.giftId)
    .where('remaining', '>=', vote.num)
    .returning('remaining')
    .executeTakeFirst()
  if (!left) throw new ApiError(400, enqueteMessages.noVotes, { errorType: 'NOT_ENOUGH_FREE_GIFT' })
  await tx
    .insertInto('enquete_votes')
    .values({ enquete_id: enquete.id, user_id: vote.userId, gift_id: vote.giftId, num: vote.num })
    .execute()
  return left.remaining
}

/** A viewer's vote gifts left per answer in the live's open enquete, or null when none is open. */
export async function votesLeft(
  db: Db,
  liveId: number,
  userId: number,
): Promise<Array<{ gift_id: number; free_num: number }> | null> {
  const enquete = await openEnquete(db, liveId)
  if (!enquete) return null
  const stock = await db
    .selectFrom('enquete_stock')
    .select(['gift_id', 'remaining'])
    .where('enquete_id', '=', enquete.id)
    .where('user_id', '=', userId)
    .execute()
  return Array.from({ length: enquete.option_count }, (_, i) => {
    const giftId = VOTE_GIFT_BASE + i + 1
    return {
      gift_id: giftId,
      free_num: stock.find((s) => s.gift_id === giftId)?.remaining ?? ENQUETE_VOTES,
    }
  })
}
