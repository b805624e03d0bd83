import type { Logger } from '../env.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { botComments } from '../db/demo-social.ts'
import { publishComment } from './comments.ts'

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
  random?: () => number
}

/**
 * Seeded bot viewers (users.is_bot) commenting in the demo rooms on air — rooms whose owner is a
 * demo account, never a real liver's — so a demo site looks alive. Each comment takes the path of
 * a real one (stored, then pushed). A bot a room owner has blocked stays quiet in that room.
 */
export function startDemoBots(options: DemoBotOptions): DemoBots {
  const { db, hub, logger, perMinute } = options
  if (perMinute <= 0) return { stop: () => Promise.resolve() }
  const random = options.random ?? Math.random
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)]

  let stopped = false
  let running: Promise<void> | undefined

  const round = async () => {
    const bots = await db
      .selectFrom('users')
      .select(['id', 'name', 'avatar_id'])
      .where('is_bot', '=', true)
      .execute()
    if (bots.length === 0) return
    const botIds = bots.map((b) => b.id)
    const lives = await db
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .innerJoin('users', 'users.id', 'rooms.owner_user_id')
      .select(['lives.id as live_id', 'lives.bcsvr_key', 'lives.room_id'])
      .where('lives.ended_at', 'is', null)
      .where('users.is_demo', '=', true)
      .execute()
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

  const timer = setInterval(() => {
    // A slow round (a busy database) is not overlapped by the next one.
    if (stopped || running) return
    running = round()
      .catch((error: unknown) => {
        logger.error('demo bots failed', { error: String(error) })
      })
      .finally(() => (running = undefined))
  }, 60_000 / perMinute).unref()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
