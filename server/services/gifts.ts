import { badgeBoard } from './rankings/badges.ts'
import type { GiftAnswer } from '../../src/contract/gifts.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { castVote } from './enquetes.ts'
import { debitGold } from './wallet.ts'
import { addEventPoints } from './events/points.ts'
import { addToScores } from './rankings/scores.ts'
import { advanceMissions } from './missions/progress.ts'
import { publishStandings } from './events/publish.ts'
import { freeGiftStock } from './free-gifts.ts'
import { giftsSent } from './observability/metrics.ts'
import { GIFT_KIND, GIFT_NUM_MAX } from '../../src/domain/gifts.ts'
import { activeFanLevel, fanLevel } from './fan-levels.ts'
import {
  liveAndGift,
  logGift,
  paidGiftCost,
  senderOf,
  takeFreeStock,
  type Sender,
} from './gift-steps.ts'
import type { GiftPayment, SendGift } from './gift-request.ts'
import { markEffect } from './idempotency.ts'

export { FREE_GIFT_CAP, FREE_GIFT_GRANT } from './free-gifts.ts'
/** The most of one gift sent in one call: the app's limit too. */
const MAX_GIFT_NUM = GIFT_NUM_MAX

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

/** What sending a gift answers: the wire contract's (src/contract/gifts.ts). */
export type GiftSent = GiftAnswer

/** A promise that never rejects: its outcome, to be looked at when the caller is ready. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

/**
 * One gift inside the caller's transaction: every check, the balance, ledger, log, fan points and
 * event points — in few statements, since each one is a wait on the database (or its thread).
 */
async function giveGiftIn(tx: Db, request: SendGift, kind: GiftPayment) {
  const max = MAX_GIFT_NUM[kind]
  if (request.num < 1 || request.num > max) throw new ApiError(400, giftMessages.tooMany(max))
  // A paid gift's debit is sent right behind the read of the live and the gift, costed in its
  // own statement: one wait for both. What the read finds is judged first; the debit counts only
  // then (a refusal rolls it back with the rest).
  const read = liveAndGift(tx, request)
  const debit =
    kind === 'paid'
      ? settle(
          debitGold(
            tx,
            request.userId,
            paidGiftCost(tx, request),
            { reason: 'gift', giftId: request.giftId, liveId: request.liveId },
            giftMessages.notEnoughGold,
          ),
        )
      : null
  const found = await read
  if (found.live_id === null || found.room_id === null || found.bcsvr_key === null) {
    throw new ApiError(400, giftMessages.liveEnded)
  }
  const live = { id: found.live_id, room_id: found.room_id, bcsvr_key: found.bcsvr_key }
  if (found.gift_id === null || found.kind === null || found.free === null) {
    throw new ApiError(404, giftMessages.unknownGift)
  }
  const gift = {
    id: found.gift_id,
    kind: found.kind,
    point: found.point ?? 0,
    gift_type: found.gift_type ?? 0,
  }
  if (kind === 'free' && !found.free) throw new ApiError(400, giftMessages.notFree)
  if (kind === 'paid' && found.free) throw new ApiError(400, giftMessages.notPaid)
  const points = gift.point * request.num
  let freeLeft: number | undefined
  let sender: Sender
  if (gift.kind === GIFT_KIND.vote) {
    // A vote gift: from the viewer's stock for the open enquete (services/enquetes.ts).
    freeLeft = await castVote(tx, { ...request, giftId: gift.id })
    sender = await senderOf(tx, request.userId)
  } else if (debit) {
    const settled = await debit
    if (!settled.ok) throw settled.error
    const paid = settled.value
    sender = {
      name: paid.name,
      avatar_id: paid.avatarId,
      gold: paid.gold,
      expiring_gold: paid.expiringGold,
    }
  } else {
    const taken = await takeFreeStock(tx, request, live.id)
    if (!taken) {
      throw new ApiError(400, giftMessages.noFreeStock, { errorType: 'NOT_ENOUGH_FREE_GIFT' })
    }
    const { num, ...user } = taken
    freeLeft = num
    sender = user
  }

  // The gift log with the sender's fan points, the event points and the room's scores (a vote is
  // a ballot, not support): sent at once on the transaction's connection, which runs them in turn.
  const ballot = gift.kind === GIFT_KIND.vote
  const [logged, events, , achieved] = await Promise.all([
    logGift(tx, request, {
      liveId: live.id,
      roomId: live.room_id,
      giftId: gift.id,
      points,
      paid: kind === 'paid',
    }),
    ballot ? [] : addEventPoints(tx, { roomId: live.room_id, userId: request.userId, points }),
    ballot ||
      addToScores(
        tx,
        live.room_id,
        kind === 'paid' ? { paidPoints: points } : { freePoints: points },
      ),
    !ballot &&
      advanceMissions(tx, {
        userId: request.userId,
        action: kind === 'paid' ? 'paid_gift' : 'free_gift',
        amount: request.num,
        atMs: Date.now(),
      }),
  ])
  return {
    live,
    gift,
    logged,
    fanPoints: Number(logged.points),
    points,
    sender,
    freeLeft,
    events,
    achieved,
  }
}

type GiftGiven = Awaited<ReturnType<typeof giveGiftIn>>

/** SHOWROOM's t:2 frame (fixtures/showroom-api/broadcast_ws_messages.json), after the commit. */
function publishGift(hub: PushHub, request: SendGift, result: GiftGiven, ua: number): void {
  hub.publishFrame(result.live.bcsvr_key, '2', {
    ua,
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

function giftAnswer(request: SendGift, result: GiftGiven, ua: number): GiftSent {
  const after = result.fanPoints
  const before = after - result.points
  const activeBefore = activeFanLevel(before)
  const activeAfter = activeFanLevel(after)
  return {
    fan_level: { fan_level: fanLevel(after) },
    notify_level_up: fanLevel(after) > fanLevel(before),
    mission: { has_achievement: result.achieved },
    remaining_point: result.sender.gold,
    remaining_expiring_point: result.sender.expiring_gold,
    ...(result.freeLeft !== undefined && { free_num: result.freeLeft }),
    active_fan: { before_level: activeBefore, current_level: activeAfter, title_id: activeAfter },
    h: 0,
    n: request.num,
    ua,
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
  kind: GiftPayment,
): Promise<GiftSent> {
  const [result, badges] = await Promise.all([
    db.transaction().execute(async (tx) => {
      await markEffect(tx)
      return giveGiftIn(tx, request, kind)
    }),
    badgeBoard(db),
  ])
  giftsSent.inc({ kind })
  const ua = badges.user(request.userId)
  publishGift(hub, request, result, ua)
  publishStandings(db, hub, result.events, result)
  return giftAnswer(request, result, ua)
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
    await markEffect(tx)
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
  giftsSent.inc({ kind: 'free' }, given.length)
  const ua = (await badgeBoard(db)).user(request.userId)
  for (const { request: one, result } of given) {
    publishGift(hub, one, result, ua)
    publishStandings(db, hub, result.events, result)
  }
  const last = given[given.length - 1]
  if (!last) throw new ApiError(400, giftMessages.noFreeStock)
  const answer = giftAnswer(last.request, last.result, ua)
  return {
    ...answer,
    // Any of the stars sent may have reached a mission's level.
    mission: { has_achievement: given.some(({ result }) => result.achieved) },
    gifts: given.map(({ request: one }) => ({ gift_id: one.giftId, num: one.num })),
  }
}
