import { sql, type Expression, type RawBuilder } from 'kysely'
import type { Db } from '../../db/index.ts'
import { airtimeShares, type ScoreParts, type ScorePeriod } from '../../../src/domain/scores.ts'

/**
 * Keeps the rooms' scores (migration 015) as things happen: each writer adds its part inside
 * its own transaction, in one statement, so a score moves exactly when what it counts commits.
 */

/** Tokyo's wall clock at the transaction's time (UTC+9, no daylight saving). */
const TOKYO_NOW = sql`((now() at time zone 'UTC') + interval '9 hours')`

/** The periods holding the transaction's moment: its day, week (from Monday) and month. */
const periodsNow = (): Array<{ period: ScorePeriod; startsOn: RawBuilder<unknown> }> => [
  { period: 'day', startsOn: sql`(${TOKYO_NOW})::date` },
  { period: 'week', startsOn: sql`date_trunc('week', ${TOKYO_NOW})::date` },
  { period: 'month', startsOn: sql`date_trunc('month', ${TOKYO_NOW})::date` },
]

type Added = Partial<ScoreParts>

/** The room, by id or as an expression (the room of a live, read in the same statement). */
type RoomRef = number | Expression<number>

const roomSql = (room: RoomRef) => (typeof room === 'number' ? sql`${room}::int` : room)

/** Adds `parts` to the room's rows of the given periods (made when missing): one statement. */
function addTo(
  tx: Db,
  room: RoomRef,
  rows: Array<{ period: ScorePeriod; startsOn: RawBuilder<unknown> | string; add: Added }>,
) {
  const values = sql.join(
    rows.map(({ period, startsOn, add }) => {
      const day = typeof startsOn === 'string' ? sql`${startsOn}::date` : startsOn
      return sql`(${period}, ${day}, ${add.paidPoints ?? 0}::bigint, ${add.freePoints ?? 0}::bigint, ${add.viewers ?? 0}::int, ${add.comments ?? 0}::int, ${add.secondsOnAir ?? 0}::int)`
    }),
  )
  return sql`
    insert into room_scores
      (room_id, period, starts_on, paid_points, free_points, viewers, comments, seconds_on_air)
    select ${roomSql(room)}, v.period, v.starts_on, v.paid, v.free, v.viewers, v.comments, v.seconds
    from (values ${values}) as v (period, starts_on, paid, free, viewers, comments, seconds)
    on conflict (room_id, period, starts_on) do update set
      paid_points = room_scores.paid_points + excluded.paid_points,
      free_points = room_scores.free_points + excluded.free_points,
      viewers = room_scores.viewers + excluded.viewers,
      comments = room_scores.comments + excluded.comments,
      seconds_on_air = room_scores.seconds_on_air + excluded.seconds_on_air,
      updated_at = now()`.execute(tx)
}

/** Adds to the room's day, week and month as of the transaction's clock. */
export async function addToScores(tx: Db, room: RoomRef, add: Added): Promise<void> {
  await addTo(
    tx,
    room,
    periodsNow().map((p) => ({ ...p, add })),
  )
}

/**
 * Counts a signed-in viewer of a room on air in its day, week and month, and in the live
 * (lives.view_num), once each: a period or live the viewer was already counted in is left alone,
 * also when two visits race (the viewers' keys decide). A room off air, or its owner, counts
 * nothing.
 */
export async function countViewer(db: Db, roomId: number, userId: number): Promise<void> {
  const periods = sql.join(periodsNow().map((p) => sql`(${p.period}, ${p.startsOn})`))
  await sql`
    with live as (
      select id from lives
      where room_id = ${roomId}::int and ended_at is null
        and not exists (select 1 from rooms where id = ${roomId}::int and owner_user_id = ${userId}::int)
    ),
    seen as (
      insert into live_viewers (live_id, user_id)
      select id, ${userId}::int from live
      on conflict do nothing
      returning live_id
    ),
    views as (
      update lives set view_num = view_num + 1 where id in (select live_id from seen)
    ),
    fresh as (
      insert into room_score_viewers (room_id, period, starts_on, user_id)
      select ${roomId}::int, p.period, p.starts_on, ${userId}::int
      from (values ${periods}) as p (period, starts_on)
      where exists (select 1 from live)
      on conflict do nothing
      returning period, starts_on
    )
    insert into room_scores (room_id, period, starts_on, viewers)
    select ${roomId}::int, period, starts_on, 1 from fresh
    on conflict (room_id, period, starts_on) do update set
      viewers = room_scores.viewers + 1,
      updated_at = now()`.execute(db)
}

/** Adds a live's time on air from `fromMs` to `toMs` to every day, week and month it touched. */
export async function addAirtime(tx: Db, roomId: number, fromMs: number, toMs: number) {
  const shares = airtimeShares(fromMs, toMs)
  if (shares.length === 0) return
  await addTo(
    tx,
    roomId,
    shares.map((s) => ({
      period: s.period,
      startsOn: s.startsOn,
      add: { secondsOnAir: s.seconds },
    })),
  )
}
