import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import { requireRoomRight } from '../organizers/room-rights.ts'
import { socialMessages } from '../room-social.ts'
import type {
  LiveResultAnswer,
  MonthlyReportAnswer,
  ShowRankEventResultAnswer,
} from '../../../src/contract/grade.ts'
import { GIFT_KIND } from '../../../src/domain/gifts.ts'
import { periodEnd, scoreOf, tokyoDayStart } from '../../../src/domain/scores.ts'

/*
 * The SHOWRANK's reports: a live's numbers once it ended, the room's latest event result, and the
 * owner's month — read from what was stored as it happened (lives, live_viewers, comments,
 * gift_logs, follows, room_scores).
 */

/**
 * `GET /api/show_rank/live_result` (owner, or a navigator with `stats`): the asked live, or the
 * room's last ended one.
 */
export async function liveResult(
  db: Db,
  query: { roomId: number; liveId?: number | undefined; userId: number },
): Promise<LiveResultAnswer> {
  await requireRoomRight(db, query.userId, query.roomId, 'stats')
  let q = db
    .selectFrom('lives')
    .select(['id', 'started_at', 'ended_at'])
    .where('room_id', '=', query.roomId)
    .where('ended_at', 'is not', null)
  if (query.liveId !== undefined) q = q.where('id', '=', query.liveId)
  const live = await q.orderBy('id', 'desc').limit(1).executeTakeFirst()
  if (!live?.ended_at) {
    if (query.liveId !== undefined) throw new ApiError(404, messages.notFound)
    return { room_id: query.roomId, live_result: null }
  }
  const n = await sql<{
    viewers: string
    comments: string
    gifts: string
    paid: string | null
    free: string | null
    followers: string
  }>`
    select
      (select count(*) from live_viewers where live_id = ${live.id}::int) as viewers,
      (select count(*) from comments where live_id = ${live.id}::int) as comments,
      (select count(*) from gift_logs l join gifts g on g.id = l.gift_id
        where l.live_id = ${live.id}::int and g.kind <> ${GIFT_KIND.vote}::int) as gifts,
      (select sum(l.point) from gift_logs l join gifts g on g.id = l.gift_id
        where l.live_id = ${live.id}::int and not g.free and g.kind <> ${GIFT_KIND.vote}::int) as paid,
      (select sum(l.point) from gift_logs l join gifts g on g.id = l.gift_id
        where l.live_id = ${live.id}::int and g.free and g.kind <> ${GIFT_KIND.vote}::int) as free,
      (select count(*) from follows where room_id = ${query.roomId}::int
        and created_at between ${live.started_at} and ${live.ended_at}) as followers`.execute(db)
  const row = n.rows[0]
  if (!row) throw new Error('a select without from answers one row')
  const seconds = Math.max(
    0,
    Math.floor((live.ended_at.getTime() - live.started_at.getTime()) / 1000),
  )
  const parts = {
    paidPoints: Number(row.paid ?? 0),
    freePoints: Number(row.free ?? 0),
    viewers: Number(row.viewers),
    comments: Number(row.comments),
    secondsOnAir: seconds,
  }
  return {
    room_id: query.roomId,
    live_result: {
      live_id: live.id,
      started_at: Math.floor(live.started_at.getTime() / 1000),
      ended_at: Math.floor(live.ended_at.getTime() / 1000),
      seconds_on_air: seconds,
      viewers: parts.viewers,
      comments: parts.comments,
      gifts: Number(row.gifts),
      paid_points: parts.paidPoints,
      free_points: parts.freePoints,
      new_followers: Number(row.followers),
      score: scoreOf(parts),
    },
  }
}

/** `GET /api/show_rank/event_result`: the room's place in its latest frozen event. */
export async function latestEventResult(
  db: Db,
  roomId: number,
): Promise<ShowRankEventResultAnswer> {
  const row = await db
    .selectFrom('event_entries as e')
    .innerJoin('events', 'events.id', 'e.event_id')
    .select([
      'events.id',
      'events.name',
      'events.url_key',
      'events.ended_at',
      'e.final_rank',
      'e.point',
      sql<string>`(select count(*) from event_entries o where o.event_id = e.event_id
        and o.status = 'approved' and o.block_division_id = e.block_division_id)`.as('entries'),
    ])
    .where('e.room_id', '=', roomId)
    .where('e.status', '=', 'approved')
    .where('e.final_rank', 'is not', null)
    .where('events.finalized_at', 'is not', null)
    .orderBy('events.ended_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  return {
    room_id: roomId,
    event_result:
      row && row.final_rank !== null
        ? {
            event_id: row.id,
            event_name: row.name,
            event_url_key: row.url_key,
            ended_at: Math.floor(row.ended_at.getTime() / 1000),
            rank: row.final_rank,
            point: Number(row.point),
            entries: Number(row.entries),
          }
        : null,
  }
}

/** The Tokyo month as its first day and its bounds (epoch ms). */
export function tokyoMonth(year: number, month: number) {
  const first = `${year}-${String(month).padStart(2, '0')}-01`
  const fromMs = tokyoDayStart(first)
  return { first, fromMs, toMs: periodEnd('month', first) }
}

/** `GET /api/show_rank/monthly_report` (the caller's own room): a Tokyo month in numbers. */
export async function monthlyReport(
  db: Db,
  userId: number,
  at: { year: number; month: number },
): Promise<MonthlyReportAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('owner_user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirst()
  if (!room) throw new ApiError(403, socialMessages.ownerOnly)
  const { first, fromMs, toMs } = tokyoMonth(at.year, at.month)
  const [month, days, counts] = await Promise.all([
    db
      .selectFrom('room_scores')
      .selectAll()
      .select(
        sql<string>`(select count(*) + 1 from room_scores o where o.period = 'month'
          and o.starts_on = room_scores.starts_on and o.score > 0 and (o.score > room_scores.score
          or (o.score = room_scores.score and o.room_id < room_scores.room_id)))`.as('rank'),
      )
      .where('room_id', '=', room.id)
      .where('period', '=', 'month')
      .where('starts_on', '=', sql<Date>`${first}::date`)
      .executeTakeFirst(),
    db
      .selectFrom('room_scores')
      .select(['starts_on', 'score'])
      .where('room_id', '=', room.id)
      .where('period', '=', 'day')
      .where('starts_on', '>=', sql<Date>`${first}::date`)
      .where('starts_on', '<', sql<Date>`${first}::date + interval '1 month'`)
      .execute(),
    sql<{ lives: string; followers: string }>`
      select
        (select count(*) from lives where room_id = ${room.id}::int
          and started_at >= ${new Date(fromMs)} and started_at < ${new Date(toMs)}) as lives,
        (select count(*) from follows where room_id = ${room.id}::int
          and created_at >= ${new Date(fromMs)} and created_at < ${new Date(toMs)}) as followers`.execute(
      db,
    ),
  ])
  const daysInMonth = Math.round((toMs - fromMs) / 86_400_000)
  const byDay = new Map(days.map((d) => [d.starts_on.getUTCDate(), Number(d.score)]))
  const score = Number(month?.score ?? 0)
  return {
    room_id: room.id,
    year: at.year,
    month: at.month,
    lives: Number(counts.rows[0]?.lives ?? 0),
    seconds_on_air: month?.seconds_on_air ?? 0,
    viewers: month?.viewers ?? 0,
    comments: month?.comments ?? 0,
    paid_points: Number(month?.paid_points ?? 0),
    free_points: Number(month?.free_points ?? 0),
    new_followers: Number(counts.rows[0]?.followers ?? 0),
    score,
    monthly_rank: month && score > 0 ? Number(month.rank) : null,
    days: Array.from({ length: daysInMonth }, (_, i) => ({
      day: i + 1,
      score: byDay.get(i + 1) ?? 0,
    })),
  }
}
