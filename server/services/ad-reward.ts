import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { CanWatchAnswer } from '../../src/contract/gacha.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { tokyoDayStart } from './gacha-rules.ts'
import { drawIn } from './gachas.ts'
import { walletOf } from './wallet.ts'
import { markEffect } from './idempotency.ts'

/** Our own ad: a short clip in server/media/ads (make.sh), its length and address. */
export const AD_VIDEO = { url: '/media/ads/kirari-ad.mp4', durationMs: 6000 } as const
/** Clock granularity allowed between the ad's end in the browser and our own clock. */
const WATCH_TOLERANCE_MS = 250
/**
 * A watch is finished and its draw taken within this long of its start, or it is void: a watch
 * left open cannot be saved for another day's limit.
 */
export const WATCH_LIFETIME_MS = 30 * 60_000

export const adMessages = {
  none: '現在、広告で引けるガチャはありません。',
  limit: '本日の広告視聴の上限に達しました。また明日お試しください。',
  unknownWatch: 'この広告視聴は見つかりません。',
  notWatched: '広告を最後までご覧ください。',
  rewarded: 'この広告の報酬は受け取り済みです。',
  expired: 'この広告視聴の有効期限が切れました。もう一度広告をご覧ください。',
} as const

/** The ad-reward gacha open now, if any. */
export async function currentAdGacha(db: Db, now: Date) {
  return db
    .selectFrom('gachas')
    .select(['id', 'daily_limit'])
    .where('kind', '=', 'ad_reward')
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .orderBy('order_no')
    .executeTakeFirst()
}

async function currentAdGachaOr404(db: Db, now: Date, gachaId: number) {
  const gacha = await currentAdGacha(db, now)
  if (!gacha || gacha.id !== gachaId) throw new ApiError(404, adMessages.none)
  return gacha
}

/** `/api/ad_reward/gacha`: where the ad-reward lottery lives now (SPEC §2 routing rule). */
export async function adRewardGachaPath(db: Db, now: Date) {
  const gacha = await currentAdGacha(db, now)
  return {
    gacha_path: gacha ? `/lottery/ad_reward/${gacha.id}` : null,
    gacha_id: gacha?.id ?? null,
  }
}

/**
 * The day's watches that use up the limit: every one started today that was completed or is
 * still open (within its lifetime). Counting starts, not completions, means 500 watches cannot
 * be started today and completed tomorrow.
 */
async function watchedToday(db: Db, userId: number, gachaId: number, now: Date) {
  const row = await db
    .selectFrom('ad_reward_watches')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('gacha_id', '=', gachaId)
    .where('started_at', '>=', tokyoDayStart(now))
    .where((eb) =>
      eb.or([
        eb('completed_at', 'is not', null),
        eb('started_at', '>', new Date(now.getTime() - WATCH_LIFETIME_MS)),
      ]),
    )
    .executeTakeFirstOrThrow()
  return row.n
}

const expired = (startedAt: Date, now: Date) =>
  now.getTime() - startedAt.getTime() > WATCH_LIFETIME_MS

/** `/api/ad_reward/user` and `can_watch`: the day's watches and what is left of them. */
export async function adRewardUser(db: Db, userId: number, now: Date, gachaId?: number) {
  const gacha = await currentAdGacha(db, now)
  if (!gacha || (gachaId !== undefined && gacha.id !== gachaId)) {
    throw new ApiError(404, adMessages.none)
  }
  const limit = gacha.daily_limit ?? Number.POSITIVE_INFINITY
  const watched = await watchedToday(db, userId, gacha.id, now)
  return {
    gacha_id: gacha.id,
    daily_limit: gacha.daily_limit,
    watched_count: watched,
    remaining_count: Number.isFinite(limit) ? Math.max(0, limit - watched) : null,
  }
}

/** `can_watch`: 404 when no watch is left today (SPEC §8: the caller handles the 404). */
export async function canWatch(
  db: Db,
  userId: number,
  gachaId: number,
  now: Date,
): Promise<CanWatchAnswer> {
  const user = await adRewardUser(db, userId, now, gachaId)
  if (user.remaining_count === 0) throw new ApiError(404, adMessages.limit, { errorType: 'LIMIT' })
  return { can_watch: true, remaining_count: user.remaining_count }
}

function watchShape(w: {
  id: string
  gacha_id: number
  completed_at: Date | null
  draw_id: string | null
}) {
  return {
    watch_id: w.id,
    gacha_id: w.gacha_id,
    video_url: AD_VIDEO.url,
    duration_ms: AD_VIDEO.durationMs,
    completed: w.completed_at !== null,
    rewarded: w.draw_id !== null,
  }
}

/**
 * Starts a watch (the clock the server checks the play-through against starts now), while the
 * day's limit allows one more; the user's row is locked so parallel starts cannot pass together.
 */
export async function startWatch(db: Db, userId: number, gachaId: number, now: Date) {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    await canWatch(tx, userId, gachaId, now)
    const watch = await tx
      .insertInto('ad_reward_watches')
      .values({
        id: randomBytes(12).toString('base64url'),
        user_id: userId,
        gacha_id: gachaId,
        started_at: now,
      })
      .returning(['id', 'gacha_id', 'completed_at', 'draw_id'])
      .executeTakeFirstOrThrow()
    return watchShape(watch)
  })
}

/** Open watches past their lifetime are void: purged (services/purge.ts). */
export async function purgeExpiredWatches(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('ad_reward_watches')
    .where('completed_at', 'is', null)
    .where('started_at', '<', new Date(now.getTime() - WATCH_LIFETIME_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

async function findWatch(db: Db, userId: number, watchId: string, lock = false) {
  let q = db
    .selectFrom('ad_reward_watches')
    .select(['id', 'gacha_id', 'started_at', 'completed_at', 'draw_id'])
    .where('id', '=', watchId)
    .where('user_id', '=', userId)
  if (lock) q = q.forUpdate()
  const watch = await q.executeTakeFirst()
  if (!watch) throw new ApiError(404, adMessages.unknownWatch)
  return watch
}

/** `/api/ad_reward/watch`: one of the user's watches (the watch page after a reload). */
export async function getWatch(db: Db, userId: number, watchId: string) {
  return watchShape(await findWatch(db, userId, watchId))
}

/**
 * The ad has played through: accepted only when the ad's length has passed on our clock since
 * the watch started, within the watch's lifetime, while its gacha is open.
 */
export async function completeWatch(db: Db, userId: number, watchId: string, now: Date) {
  return db.transaction().execute(async (tx) => {
    await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
    const watch = await findWatch(tx, userId, watchId, true)
    if (watch.completed_at) return watchShape(watch)
    if (expired(watch.started_at, now)) {
      throw new ApiError(400, adMessages.expired, { errorType: 'EXPIRED' })
    }
    if (now.getTime() - watch.started_at.getTime() < AD_VIDEO.durationMs - WATCH_TOLERANCE_MS) {
      throw new ApiError(400, adMessages.notWatched, { errorType: 'NOT_WATCHED' })
    }
    // Its place in the day's limit was taken when it started (startWatch).
    await currentAdGachaOr404(tx, now, watch.gacha_id)
    await tx
      .updateTable('ad_reward_watches')
      .set({ completed_at: now })
      .where('id', '=', watchId)
      .execute()
    return watchShape({ ...watch, completed_at: now })
  })
}

/** `/api/ad_reward/gacha/reward`: one draw for a completed watch, exactly once. */
export async function rewardWatch(db: Db, userId: number, watchId: string, now: Date) {
  const drawn = await db.transaction().execute(async (tx) => {
    await markEffect(tx)
    const watch = await findWatch(tx, userId, watchId, true)
    if (!watch.completed_at) {
      throw new ApiError(400, adMessages.notWatched, { errorType: 'NOT_WATCHED' })
    }
    if (watch.draw_id !== null)
      throw new ApiError(400, adMessages.rewarded, { errorType: 'REWARDED' })
    if (expired(watch.started_at, now)) {
      throw new ApiError(400, adMessages.expired, { errorType: 'EXPIRED' })
    }
    const result = await drawIn(tx, {
      userId,
      gachaId: watch.gacha_id,
      drawCount: 1,
      now,
      via: 'ad',
    })
    await tx
      .updateTable('ad_reward_watches')
      .set({ draw_id: result.draw_id })
      .where('id', '=', watchId)
      .where('draw_id', 'is', null)
      .execute()
    return result
  })
  return { ...drawn, ...(await walletOf(db, userId)) }
}
