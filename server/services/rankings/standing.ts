import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import type {
  GradeSummary,
  LeagueFields,
  RoomGradeAnswer,
  ShowRankAnswer,
} from '../../../src/contract/grade.ts'
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
import { scoreBoard, type ScoreBoard } from './board.ts'
import { gradeBoard, type GradeRow } from './grade-board.ts'
import { addDays, previousWeek } from './weeks.ts'

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
      sql<boolean>`exists (select 1 from grade_aggregations where week_starts_on = ${previousWeek(nowMs)}::date)`.as(
        'settled',
      ),
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst()
  if (!row) throw new ApiError(404, messages.notFound)
  return standingOf(
    row.id,
    {
      official: row.is_official,
      gradeId: row.grade_id,
      lastWeek:
        row.grade_before === null || row.grade_after === null
          ? null
          : {
              before: row.grade_before,
              after: row.grade_after,
              score: Number(row.last_week_score ?? 0),
            },
    },
    { score: Number(row.score ?? 0), week, settled: row.settled },
  )
}

export type Standing = ReturnType<typeof standingOf>

/** A room's standing from its grade row and its week so far. */
function standingOf(
  roomId: number,
  grade: GradeRow,
  week: { score: number; week: string; settled: boolean },
) {
  const gradeId = grade.gradeId ?? STARTING_GRADE_ID
  return {
    roomId,
    excluded: grade.official,
    gradeId,
    gradeName: gradeOf(gradeId).name,
    score: week.score,
    week: week.week,
    settled: week.settled,
    lastWeek: grade.lastWeek,
  }
}

/**
 * A room's standing from the boards in memory (grade-board.ts, board.ts): as roomStanding, with
 * the week's score as old as the scores' board. A room the grade board does not know yet (made
 * within its minute) is read from the database.
 */
async function boardStanding(
  db: Db,
  roomId: number,
  at: { nowMs: number; boardMs: number },
): Promise<{ standing: Standing; scores: ScoreBoard }> {
  const [grades, scores] = await Promise.all([
    gradeBoard(db, at.nowMs),
    scoreBoard(db, at.nowMs, at.boardMs),
  ])
  const grade = grades.rooms.get(roomId)
  if (!grade) return { standing: await roomStanding(db, roomId, at.nowMs), scores }
  const week = scores.periods.week
  const rank = week.rankOf.get(roomId)
  const score = rank === undefined ? 0 : (week.order[rank - 1]?.score ?? 0)
  return {
    standing: standingOf(roomId, grade, { score, week: week.startsOn, settled: grades.settled }),
    scores,
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
export function leagueFields(s: Standing): LeagueFields {
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

/**
 * `GET /api/show_rank`: the room's SHOWRANK and league, and its places today, this week and this
 * month from the scores' board (board.ts, at most `boardMs` old).
 */
export async function showRank(
  db: Db,
  roomId: number,
  at: { nowMs: number; boardMs: number },
): Promise<ShowRankAnswer> {
  const [{ standing: s, scores: board }, badges] = await Promise.all([
    boardStanding(db, roomId, at),
    badgeBoard(db, at.nowMs),
  ])
  const place = (period: ScorePeriod) => board.periods[period].rankOf.get(roomId) ?? null
  return {
    room_id: roomId,
    ...leagueFields(s),
    score: s.score,
    daily_rank: place('day'),
    weekly_rank: place('week'),
    monthly_rank: place('month'),
    badge: badges.room(roomId),
  }
}
