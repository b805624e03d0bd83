import type { ColumnType, Generated } from 'kysely'
import type { ScorePeriod } from '../../src/domain/scores.ts'

/** Kysely's view of the rankings' tables (migration 015); DB in schema.ts extends it. */
export interface RankingTables {
  room_scores: RoomScoreTable
  room_score_viewers: RoomScoreViewerTable
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
