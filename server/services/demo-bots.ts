import type { Logger } from '../env.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { botComments } from '../db/demo-social.ts'
import { GIFT_KIND } from '../../src/domain/gifts.ts'
import { ApiError } from '../errors.ts'
import { publishComment } from './comments.ts'
import { sendGift } from './gifts.ts'

/** Bots send small gifts only: paid gifts of at most this many points, one to three of them. */
export const BOT_GIFT_MAX_POINT = 10

export interface DemoBots {
  /** Clears the timer and waits for a round of comments under way (before the database closes). */
  stop(): Promise<void>
}

export interface DemoBotOptions {
  db: Db
  hub: PushHub
  logger: Logger
  /** Comments a minute in each demo room on air; 0 = off. */
  perMinute: number
  /**
   * Paid gifts a minute from the bots, over all demo rooms on air together (so the ongoing
   * demo event's ranking moves); by default a sixth of `perMinute` (one a minute at the demo's
   * 6), 0 = none. Bots off (perMinute 0) send none either.
   */
  giftsPerMinute?: number
  random?: () => number
}

/**
 * Seeded bot viewers (users.is_bot) commenting in the demo rooms on air — rooms whose owner is a
 * demo account, never a real liver's — so a demo site looks alive. Each comment takes the path of
 * a real one (stored, then pushed), and so does each gift (sendGift: the bot's gold, the ledger,
 * event points). A bot a room owner has blocked stays quiet in that room.
 */
export function startDemoBots(options: DemoBotOptions): DemoBots {
  const { db, hub, logger, perMinute } = options
  if (perMinute <= 0) return { stop: () => Promise.resolve() }
  const random = options.random ?? Math.random
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)]

  let stopped = false

  const demoLives = () =>
    db
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .innerJoin('users', 'users.id', 'rooms.owner_user_id')
      .select(['lives.id as live_id', 'lives.bcsvr_key', 'lives.room_id'])
      .where('lives.ended_at', 'is', null)
      .where('users.is_demo', '=', true)
      .execute()

  const round = async () => {
    const bots = await db
      .selectFrom('users')
      .select(['id', 'name', 'avatar_id'])
      .where('is_bot', '=', true)
      .execute()
    if (bots.length === 0) return
    const botIds = bots.map((b) => b.id)
    const lives = await demoLives()
    const blocks = await db
      .selectFrom('comment_blocks')
      .select(['room_id', 'user_id'])
      .where('user_id', 'in', botIds)
      .execute()
    for (const live of lives) {
      if (stopped) return
      const allowed = bots.filter(
        (b) => !blocks.some((x) => x.room_id === live.room_id && x.user_id === b.id),
      )
      const bot = pick(allowed)
      const text = pick(botComments)
      if (bot && text) await publishComment(db, hub, live, bot, text)
    }
  }

  /** One small paid gift from a bot that can pay for it, to a demo room on air. */
  const giftRound = async () => {
    const gifts = await db
      .selectFrom('gifts')
      .select(['id', 'point'])
      .where('free', '=', false)
      .where('kind', '=', GIFT_KIND.normal)
      .where('is_hidden', '=', false)
      .where('point', '<=', BOT_GIFT_MAX_POINT)
      .execute()
    const gift = pick(gifts)
    const live = pick(await demoLives())
    if (!gift || !live) return
    const num = 1 + Math.floor(random() * 3)
    const bots = await db
      .selectFrom('users')
      .select('id')
      .where('is_bot', '=', true)
      .where((eb) => eb(eb('gold', '+', eb.ref('expiring_gold')), '>=', gift.point * num))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('comment_blocks')
              .select('user_id')
              .whereRef('comment_blocks.user_id', '=', 'users.id')
              .where('comment_blocks.room_id', '=', live.room_id),
          ),
        ),
      )
      .execute()
    const bot = pick(bots)
    if (!bot || stopped) return
    try {
      await sendGift(
        db,
        hub,
        { userId: bot.id, liveId: live.live_id, giftId: gift.id, num },
        'paid',
      )
    } catch (error) {
      // The live ended or the gold ran out meanwhile: a refusal, as a viewer would get.
      if (!(error instanceof ApiError)) throw error
    }
  }

  /** `work` every `intervalMs`; a slow round (a busy database) is not overlapped by the next. */
  const every = (intervalMs: number, work: () => Promise<void>, what: string) => {
    let running: Promise<void> | undefined
    const timer = setInterval(() => {
      if (stopped || running) return
      running = work()
        .catch((error: unknown) => {
          logger.error(`demo bots failed (${what})`, { error: String(error) })
        })
        .finally(() => (running = undefined))
    }, intervalMs).unref()
    return async () => {
      clearInterval(timer)
      await running
    }
  }

  const giftsPerMinute = options.giftsPerMinute ?? perMinute / 6
  const loops = [every(60_000 / perMinute, round, 'comments')]
  if (giftsPerMinute > 0) loops.push(every(60_000 / giftsPerMinute, giftRound, 'gifts'))

  return {
    async stop() {
      stopped = true
      await Promise.all(loops.map((stop) => stop()))
    },
  }
}
