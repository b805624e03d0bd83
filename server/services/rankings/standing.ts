import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import type { GradeSummary, RoomGradeAnswer, ShowRankAnswer } from '../../../src/contract/grade.ts'
import {
  EXCLUDED_RANK,
  GRADES,
  STARTING_GRADE_ID,
  gradeAfterWeek,
  gradeBorders,
  gradeOf,
  meterPosition,
  neighbourRanks,
  subdividedRank,
} from '../../../src/domain/grades.ts'
import { periodEnd, periodStart, type ScorePeriod } from '../../../src/domain/scores.ts'
import { badgeBoard } from './badges.ts'
import { addDays, lastEndedWeek } from './grades.ts'

/*
 * A room's standing as the grade page, the SHOWRANK and the profile show it: the grade it holds
 * this week (the last aggregation's), this week's score so far, and last week's aggregation.
 */

export const gradeImage = (origin: string, id: number) => `${origin}/img/grade/${id}.svg`
export const gradeFrame = (origin: string, id: number) => `${origin}/img/grade/frame/${id}.svg`

export const gradeSummary = (origin: string, id: number): GradeSummary => ({
  room_grade_id: id,
  name: gradeOf(id).name,
  image_url: gradeImage(origin, id),
  frame_image_url: gradeFrame(origin, id),
})

/** What the standing pages read of a room, in one statement. */
export async function roomStanding(db: Db, roomId: number, nowMs: number) {
  const week = periodStart('week', nowMs)
  const lastWeek = addDays(week, -7)
  const row = await db
    .selectFrom('rooms')
    .leftJoin('room_grades', 'room_grades.room_id', 'rooms.id')
    .leftJoin('room_scores', (join) =>
      join
        .onRef('room_scores.room_id', '=', 'rooms.id')
        .on('room_scores.period', '=', 'week')
        .on('room_scores.starts_on', '=', sql<Date>`${week}::date`),
    )
    .leftJoin('room_grade_history', (join) =>
      join
        .onRef('room_grade_history.room_id', '=', 'rooms.id')
        .on('room_grade_history.week_starts_on', '=', sql<Date>`${lastWeek}::date`),
    )
    .select([
      'rooms.id',
      'rooms.is_official',
      'room_grades.grade_id',
      'room_scores.score',
      'room_grade_history.grade_before',
      'room_grade_history.grade_after',
      'room_grade_history.score as last_week_score',
      sql<boolean>`exists (select 1 from grade_aggregations where week_starts_on = ${lastEndedWeek(nowMs)}::date)`.as(
        'settled',
      ),
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, messages.notFound)
  const gradeId = row.grade_id ?? STARTING_GRADE_ID
  const score = Number(row.score ?? 0)
  return {
    roomId: row.id,
    excluded: row.is_official,
    gradeId,
    gradeName: gradeOf(gradeId).name,
    score,
    week,
    settled: row.settled,
    lastWeek:
      row.grade_before === null || row.grade_after === null
        ? null
        : {
            before: row.grade_before,
            after: row.grade_after,
            score: Number(row.last_week_score ?? 0),
          },
  }
}

/** `GET /api/room_grade`: SPEC §3 Room grade. */
export async function roomGrade(
  db: Db,
  roomId: number,
  at: { nowMs: number; origin: string },
): Promise<RoomGradeAnswer> {
  const s = await roomStanding(db, roomId, at.nowMs)
  const current = gradeAfterWeek(s.gradeId, s.score)
  const nextAt = periodEnd('week', s.week)
  const before = s.lastWeek && gradeSummary(at.origin, s.lastWeek.before)
  return {
    room_id: s.roomId,
    is_displayed: !s.excluded,
    current_room_grade_id: current,
    image_url: gradeImage(at.origin, current),
    frame_image_url: gradeFrame(at.origin, current),
    remaining_seconds: Math.max(0, Math.ceil((nextAt - at.nowMs) / 1000)),
    next_aggregation_at: Math.floor(nextAt / 1000),
    aggregation_status: s.settled ? 0 : 1,
    room_grade_meter_position: meterPosition(s.gradeId, s.score),
    score: s.score,
    room_grade_list: GRADES.map((g) => gradeSummary(at.origin, g.id)),
    room_grade_border_list: gradeBorders(s.gradeId).map((b) => ({
      room_grade_id: b.gradeId,
      name: gradeOf(b.gradeId).name,
      score: b.score,
    })),
    starting_room_grade_id: s.gradeId,
    starting_room_grade_image_url: gradeImage(at.origin, s.gradeId),
    starting_room_grade_frame_image_url: gradeFrame(at.origin, s.gradeId),
    exist_last_week_room_grade: s.lastWeek !== null,
    room_grade_before_aggregation: before,
    room_grade_after_aggregation: s.lastWeek && gradeSummary(at.origin, s.lastWeek.after),
    last_week_score: s.lastWeek?.score ?? 0,
    last_week_starting_room_grade_name: before?.name ?? '',
  }
}

/** The league fields the SHOWRANK and the room profile share. */
export function leagueFields(s: Awaited<ReturnType<typeof roomStanding>>) {
  if (s.excluded) {
    return {
      show_rank_subdivided: EXCLUDED_RANK,
      prev_show_rank_subdivided: '',
      next_show_rank_subdivided: '',
      league_id: 0,
      league_label: '',
      prev_league_id: null,
      next_league_id: null,
      prev_score: 0,
      next_score: 0,
    }
  }
  const grade = gradeOf(s.gradeId)
  const around = neighbourRanks(s.gradeId, s.score)
  return {
    show_rank_subdivided: subdividedRank(s.gradeId, s.score),
    prev_show_rank_subdivided: around.prev,
    next_show_rank_subdivided: around.next,
    league_id: grade.id,
    league_label: grade.name,
    prev_league_id: grade.id > STARTING_GRADE_ID ? grade.id - 1 : null,
    next_league_id: grade.up === null ? null : grade.id + 1,
    prev_score: grade.keep,
    next_score: grade.up ?? 0,
  }
}

/** The room's place in the ranking of every genre for a period (null: no score there). */
async function placeIn(db: Db, roomId: number, period: ScorePeriod, nowMs: number) {
  const row = await sql<{ rank: string | null }>`
    select case when mine.score is null then null else (
      select count(*) + 1 from room_scores o
      where o.period = ${period} and o.starts_on = mine.starts_on and o.score > 0
        and (o.score > mine.score or (o.score = mine.score and o.room_id < mine.room_id))
    ) end as rank
    from (select 1) one
    left join room_scores mine on mine.room_id = ${roomId}::int and mine.period = ${period}
      and mine.starts_on = ${periodStart(period, nowMs)}::date and mine.score > 0`.execute(db)
  const rank = row.rows[0]?.rank
  return rank === null || rank === undefined ? null : Number(rank)
}

/** `GET /api/show_rank`: the room's SHOWRANK, league, and places today, this week and month. */
export async function showRank(db: Db, roomId: number, nowMs: number): Promise<ShowRankAnswer> {
  const s = await roomStanding(db, roomId, nowMs)
  const [daily, weekly, monthly, badges] = await Promise.all([
    placeIn(db, roomId, 'day', nowMs),
    placeIn(db, roomId, 'week', nowMs),
    placeIn(db, roomId, 'month', nowMs),
    badgeBoard(db, nowMs),
  ])
  return {
    room_id: roomId,
    ...leagueFields(s),
    score: s.score,
    daily_rank: daily,
    weekly_rank: weekly,
    monthly_rank: monthly,
    badge: badges.room(roomId),
  }
}
