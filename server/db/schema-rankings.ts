import type { ColumnType, Generated } from 'kysely'
import type { ScorePeriod } from '../../src/domain/scores.ts'

/** Kysely's view of the rankings' tables (migration 015); DB in schema.ts extends it. */
export interface RankingTables {
  room_scores: RoomScoreTable
  room_score_viewers: RoomScoreViewerTable
  room_grades: RoomGradeTable
  grade_aggregations: GradeAggregationTable
  room_grade_history: RoomGradeHistoryTable
  medals: MedalTable
  live_viewers: LiveViewerTable
}

/** A date column: written as YYYY-MM-DD, read as a Date (midnight UTC of that date). */
type DateOnly = ColumnType<Date, string, string>

export interface RoomScoreTable {
  room_id: number
  period: ScorePeriod
  starts_on: DateOnly
  /** bigint: pg returns it as a string. */
  paid_points: ColumnType<string, number | undefined, never>
  free_points: ColumnType<string, number | undefined, never>
  viewers: Generated<number>
  comments: Generated<number>
  seconds_on_air: Generated<number>
  /** Generated from the parts (migration 015). */
  score: ColumnType<string, never, never>
  updated_at: Generated<Date>
}

export interface RoomScoreViewerTable {
  room_id: number
  period: ScorePeriod
  starts_on: DateOnly
  user_id: number
}

/** Migration 016: the grade a room holds, from the week `since_week`. */
export interface RoomGradeTable {
  room_id: number
  grade_id: number
  since_week: DateOnly
  updated_at: Generated<Date>
}

export interface GradeAggregationTable {
  week_starts_on: DateOnly
  rooms: number
  duration_ms: number
  ran_at: Generated<Date>
}

export interface RoomGradeHistoryTable {
  room_id: number
  week_starts_on: DateOnly
  grade_before: number
  grade_after: number
  score: ColumnType<string, number | string, never>
}

export interface MedalTable {
  id: Generated<string>
  owner: 'room' | 'user'
  owner_id: number
  medal_id: number
  ref_id: Generated<number>
  earned_at: Generated<Date>
}

export interface LiveViewerTable {
  live_id: number
  user_id: number
}
