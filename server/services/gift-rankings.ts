import { sql } from 'kysely'
import type {
  GiftLogAnswer,
  StageGiftsAnswer,
  StageUsersAnswer,
  SummaryRankingAnswer,
} from '../../src/contract/gifts.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from './lives.ts'
import { avatarUrl } from './current-user.ts'
import { giftImage } from '../../src/domain/gifts.ts'
import { fanLevel } from './fan-levels.ts'
import { badgeBoard } from './rankings/badges.ts'

/** `/api/live/gift_log`: the gifts of a live, newest first, in SPEC §3's gift log entry shape. */
export async function giftLog(db: Db, liveId: number) {
  const badges = await badgeBoard(db)
  const rows = await db
    .selectFrom('gift_logs')
    .innerJoin('users', 'users.id', 'gift_logs.user_id')
    .select([
      'gift_logs.gift_id',
      'gift_logs.num',
      'gift_logs.created_at',
      'gift_logs.user_id',
      'users.name',
      'users.avatar_id',
    ])
    .where('gift_logs.live_id', '=', liveId)
    .orderBy('gift_logs.id', 'desc')
    .limit(100)
    .execute()
  return rows.map((r) => ({
    avatar_id: r.avatar_id,
    avatar_url: avatarUrl(r.avatar_id),
    name: r.name,
    gift_id: r.gift_id,
    num: r.num,
    ua: badges.user(r.user_id),
    created_at: Math.floor(r.created_at.getTime() / 1000),
    user_id: r.user_id,
    aft: 0,
    image: giftImage(r.gift_id),
    image2: '',
  }))
}

const rankedUser = (r: { user_id: number; name: string; avatar_id: number }) => ({
  user_id: r.user_id,
  name: r.name,
  avatar_id: r.avatar_id,
  avatar_url: avatarUrl(r.avatar_id),
})

/** `/api/live/stage_user_list`: the live's top supporters by points sent, at most 10. */
export async function stageUsers(db: Db, liveId: number) {
  const rows = await db
    .selectFrom('gift_logs')
    .innerJoin('users', 'users.id', 'gift_logs.user_id')
    .select([
      'gift_logs.user_id',
      'users.name',
      'users.avatar_id',
      sql<number>`sum(gift_logs.point)::int`.as('score'),
      sql<Date>`max(gift_logs.created_at)`.as('last_at'),
    ])
    .where('gift_logs.live_id', '=', liveId)
    .groupBy(['gift_logs.user_id', 'users.name', 'users.avatar_id'])
    // Equal scores: who reached it first ranks higher.
    .orderBy('score', 'desc')
    .orderBy('last_at', 'asc')
    .limit(10)
    .execute()
  return rows.map((r, i) => ({ rank: i + 1, score: r.score, user: rankedUser(r) }))
}

/**
 * A user's points in a live and their place among its supporters, in stage_user_list's order
 * (more points first, then who reached them first); 0 and 0 for a user who sent none.
 */
export async function liveStanding(db: Db, liveId: number, userId: number) {
  const row = await sql<{ score: number; rank: number }>`
    with s as (
      select user_id, sum(point)::int as score, max(created_at) as last_at
      from gift_logs where live_id = ${liveId}::int group by user_id
    )
    select me.score, 1 + (select count(*)::int from s
      where s.score > me.score or (s.score = me.score and s.last_at < me.last_at)) as rank
    from s me where me.user_id = ${userId}::int`.execute(db)
  const me = row.rows[0]
  return { point: me?.score ?? 0, rank: me?.rank ?? 0 }
}

/** `/api/live/summary_ranking`: the room's fans by points across its lives, at most 100. */
export async function summaryRanking(db: Db, roomId: number) {
  const rows = await db
    .selectFrom('fan_points')
    .innerJoin('users', 'users.id', 'fan_points.user_id')
    .select(['fan_points.user_id', 'users.name', 'users.avatar_id', 'fan_points.points'])
    .where('fan_points.room_id', '=', roomId)
    .where('fan_points.points', '>', '0')
    .orderBy('fan_points.points', 'desc')
    .orderBy('fan_points.user_id', 'asc')
    .limit(100)
    .execute()
  return rows.map((r, i) => ({
    rank: i + 1,
    point: Number(r.points),
    fan_level: fanLevel(Number(r.points)),
    user: rankedUser(r),
  }))
}

/** `/api/live/gift_log` of a room: its open live's gifts, none off air. */
export async function roomGiftLog(db: Db, roomId: number): Promise<GiftLogAnswer> {
  const live = await openLive(db, { roomId })
  return { gift_log: live ? await giftLog(db, live.live_id) : [] }
}

/** `/api/live/stage_user_list` of a room: its open live's top supporters, none off air. */
export async function roomStageUsers(db: Db, roomId: number): Promise<StageUsersAnswer> {
  const live = await openLive(db, { roomId })
  return { stage_user_list: live ? await stageUsers(db, live.live_id) : [] }
}

/** `/api/live/stage_gift_list`: the live's gifts that stay on the stage, summed per gift. */
export async function stageGifts(db: Db, liveId: number) {
  const rows = await db
    .selectFrom('gift_logs')
    .innerJoin('gifts', 'gifts.id', 'gift_logs.gift_id')
    .select([
      'gifts.id',
      'gifts.name',
      'gifts.scale',
      'gifts.order_no',
      sql<number>`sum(gift_logs.num)::int`.as('num'),
    ])
    .where('gift_logs.live_id', '=', liveId)
    .where('gifts.is_delete_from_stage', '=', false)
    .groupBy(['gifts.id', 'gifts.name', 'gifts.scale', 'gifts.order_no'])
    .orderBy('gifts.order_no')
    .orderBy('gifts.id')
    .execute()
  return rows.map((r) => ({
    gift_id: r.id,
    gift_name: r.name,
    num: r.num,
    image: giftImage(r.id),
    image2: '',
    scale: r.scale,
    order_no: r.order_no,
  }))
}

/** `/api/live/stage_gift_list` of a room: its open live's standing gifts, none off air. */
export async function roomStageGifts(db: Db, roomId: number): Promise<StageGiftsAnswer> {
  const live = await openLive(db, { roomId })
  return { stage_gift_list: live ? await stageGifts(db, live.live_id) : [] }
}

/** `/api/live/summary_ranking` with the points of all of it; 404 for an unknown room. */
export async function roomSummaryRanking(db: Db, roomId: number): Promise<SummaryRankingAnswer> {
  const room = await db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const ranking = await summaryRanking(db, room.id)
  return { ranking, total_point: ranking.reduce((sum, r) => sum + r.point, 0) }
}
