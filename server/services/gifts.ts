import { sql } from 'kysely'
import type { GiftAnswer } from '../../src/contract/gifts.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { castVote } from './enquetes.ts'
import { debitGold } from './wallet.ts'
import { addEventPoints } from './events/points.ts'
import { publishStandings } from './events/publish.ts'
import { freeGiftStock } from './free-gifts.ts'
import { GIFT_KIND, GIFT_NUM_MAX } from '../../src/domain/gifts.ts'

export { FREE_GIFT_CAP, FREE_GIFT_GRANT } from './free-gifts.ts'
/** The most of one gift sent in one call: the app's limit too. */
const MAX_GIFT_NUM = GIFT_NUM_MAX

/**
 * Fan level in a room: one level per FAN_LEVEL_STEP points sent there, from level 1, up to 100.
 * Active-fan levels 1–4 (the titles of SPEC §4) at the points below.
 */
export const FAN_LEVEL_STEP = 100
export const MAX_FAN_LEVEL = 100
export const ACTIVE_FAN_THRESHOLDS = [50, 300, 1500, 5000] as const

export const giftMessages = {
  liveEnded: 'この配信は終了しました。',
  unknownGift: 'このギフトは存在しません。',
  notFree: 'このギフトは無料ギフトではありません。',
  notPaid: 'このギフトは有料ギフトです。',
  noVote: '現在アンケートは実施されていません。',
  notEnoughGold: 'ポイントが足りません。',
  noFreeStock: 'この無料ギフトの残りがありません。',
  tooMany: (max: number) => `一度に送れるのは${max}個までです。`,
} as const

export function fanLevel(points: number): number {
  return Math.min(MAX_FAN_LEVEL, 1 + Math.floor(points / FAN_LEVEL_STEP))
}

export function activeFanLevel(points: number): number {
  return ACTIVE_FAN_THRESHOLDS.filter((t) => points >= t).length
}

export interface SendGift {
  userId: number
  liveId: number
  giftId: number
  num: number
}

/** What sending a gift answers: the wire contract's (src/contract/gifts.ts). */
export type GiftSent = GiftAnswer

/** One gift inside the caller's transaction: every check, the balance, ledger, log and fan points. */
async function giveGiftIn(tx: Db, request: SendGift, kind: 'free' | 'paid') {
  const max = MAX_GIFT_NUM[kind]
  if (request.num < 1 || request.num > max) throw new ApiError(400, giftMessages.tooMany(max))
  const live = await tx
    .selectFrom('lives')
    .select(['id', 'room_id', 'bcsvr_key'])
    .where('id', '=', request.liveId)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  if (!live) throw new ApiError(400, giftMessages.liveEnded)
  const gift = await tx
    .selectFrom('gifts')
    .select(['id', 'kind', 'free', 'point', 'gift_type'])
    .where('id', '=', request.giftId)
    .where('is_hidden', '=', false)
    .executeTakeFirst()
  if (!gift) throw new ApiError(404, giftMessages.unknownGift)
  if (kind === 'free' && !gift.free) throw new ApiError(400, giftMessages.notFree)
  if (kind === 'paid' && gift.free) throw new ApiError(400, giftMessages.notPaid)
  const points = gift.point * request.num
  let freeLeft: number | undefined
  if (gift.kind === GIFT_KIND.vote) {
    // A vote gift: from the viewer's stock for the open enquete (services/enquetes.ts).
    freeLeft = await castVote(tx, { ...request, giftId: gift.id })
  } else if (kind === 'paid') {
    await debitGold(
      tx,
      request.userId,
      points,
      { reason: 'gift', giftId: gift.id, liveId: live.id },
      giftMessages.notEnoughGold,
    )
  } else {
    const updated = await tx
      .updateTable('user_free_gifts')
      .set({ num: sql`num - ${request.num}` })
      .where('user_id', '=', request.userId)
      .where('gift_id', '=', gift.id)
      .where('num', '>=', request.num)
      .returning('num')
      .executeTakeFirst()
    if (!updated) {
      throw new ApiError(400, giftMessages.noFreeStock, { errorType: 'NOT_ENOUGH_FREE_GIFT' })
    }
    freeLeft = updated.num
    await tx
      .insertInto('ledger')
      .values({
        user_id: request.userId,
        gift_id: gift.id,
        free_delta: -request.num,
        reason: 'gift',
        live_id: live.id,
      })
      .execute()
  }

  const logged = await tx
    .insertInto('gift_logs')
    .values({
      live_id: live.id,
      user_id: request.userId,
      gift_id: gift.id,
      num: request.num,
      point: points,
    })
    .returning('created_at')
    .executeTakeFirstOrThrow()
  const fan = await tx
    .insertInto('fan_points')
    .values({ room_id: live.room_id, user_id: request.userId, points })
    .onConflict((oc) =>
      oc
        .columns(['room_id', 'user_id'])
        .doUpdateSet({ points: sql`fan_points.points + ${points}` }),
    )
    .returning('points')
    .executeTakeFirstOrThrow()
  // Event points with the gift, in its transaction (a vote is a ballot, not support).
  const events =
    gift.kind === GIFT_KIND.vote
      ? []
      : await addEventPoints(tx, { roomId: live.room_id, userId: request.userId, points })
  const sender = await tx
    .selectFrom('users')
    .select(['name', 'avatar_id', 'gold', 'expiring_gold'])
    .where('id', '=', request.userId)
    .executeTakeFirstOrThrow()
  return { live, gift, logged, fanPoints: Number(fan.points), points, sender, freeLeft, events }
}

type GiftGiven = Awaited<ReturnType<typeof giveGiftIn>>

/** SHOWROOM's t:2 frame (fixtures/showroom-api/broadcast_ws_messages.json), after the commit. */
function publishGift(hub: PushHub, request: SendGift, result: GiftGiven): void {
  hub.publishFrame(result.live.bcsvr_key, '2', {
    ua: 0,
    n: request.num,
    av: result.sender.avatar_id,
    d: 0,
    ac: result.sender.name,
    created_at: Math.floor(result.logged.created_at.getTime() / 1000),
    u: request.userId,
    h: 0,
    g: result.gift.id,
    gt: result.gift.gift_type,
    at: 0,
  })
}

function giftAnswer(request: SendGift, result: GiftGiven): GiftSent {
  const after = result.fanPoints
  const before = after - result.points
  const activeBefore = activeFanLevel(before)
  const activeAfter = activeFanLevel(after)
  return {
    fan_level: { fan_level: fanLevel(after) },
    notify_level_up: fanLevel(after) > fanLevel(before),
    mission: null,
    remaining_point: result.sender.gold,
    remaining_expiring_point: result.sender.expiring_gold,
    ...(result.freeLeft !== undefined && { free_num: result.freeLeft }),
    active_fan: { before_level: activeBefore, current_level: activeAfter, title_id: activeAfter },
    h: 0,
    n: request.num,
    ua: 0,
  }
}

/**
 * Sends a free (`kind: 'free'`) or paid gift to an open live in one transaction: the balance
 * (paid: expiring gold first, then gold; free: the stock) is decreased by a conditional update
 * that cannot go below zero, the ledger row, the gift log and the fan points are written with
 * it; after the commit the gift is pushed to the room as `t:2`.
 */
export async function sendGift(
  db: Db,
  hub: PushHub,
  request: SendGift,
  kind: 'free' | 'paid',
): Promise<GiftSent> {
  const result = await db.transaction().execute((tx) => giveGiftIn(tx, request, kind))
  publishGift(hub, request, result)
  publishStandings(db, hub, result.events, result)
  return giftAnswer(request, result)
}

/**
 * SPEC §7 bulk_gifting_free: every free star the viewer holds (up to the most of one call each),
 * all in one transaction — if one cannot be sent, none is — then pushed after the commit.
 */
export async function sendAllFreeStars(
  db: Db,
  hub: PushHub,
  request: { userId: number; liveId: number },
): Promise<GiftSent & { gifts: Array<{ gift_id: number; num: number }> }> {
  const given = await db.transaction().execute(async (tx) => {
    const held = await freeGiftStock(tx, request.userId)
    const stars = held.normal.filter((g) => g.free_num > 0)
    if (stars.length === 0) throw new ApiError(400, giftMessages.noFreeStock)
    const results: Array<{ request: SendGift; result: GiftGiven }> = []
    for (const star of stars) {
      const one = {
        ...request,
        giftId: star.gift_id,
        num: Math.min(star.free_num, MAX_GIFT_NUM.free),
      }
      results.push({ request: one, result: await giveGiftIn(tx, one, 'free') })
    }
    return results
  })
  for (const { request: one, result } of given) {
    publishGift(hub, one, result)
    publishStandings(db, hub, result.events, result)
  }
  const last = given[given.length - 1]
  if (!last) throw new ApiError(400, giftMessages.noFreeStock)
  return {
    ...giftAnswer(last.request, last.result),
    gifts: given.map(({ request: one }) => ({ gift_id: one.giftId, num: one.num })),
  }
}
