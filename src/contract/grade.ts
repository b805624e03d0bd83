import * as v from 'valibot'
import { Id } from './common.ts'

/** A grade as the pages draw it (src/domain/grades.ts has the rules). */
export interface GradeSummary {
  room_grade_id: number
  name: string
  image_url: string
  frame_image_url: string
}

/** A border on the meter: a week's score of `score` or more leads to `room_grade_id`. */
export interface GradeBorder {
  room_grade_id: number
  name: string
  score: number
}

/** `GET /api/room_grade?room_id=`: SPEC §3 Room grade, every field. */
export const RoomGradeQuery = v.object({ room_id: Id })
export type RoomGradeQuery = v.InferInput<typeof RoomGradeQuery>

export interface RoomGradeAnswer {
  room_id: number
  /** false for an official room: outside the ladder, the page says so. */
  is_displayed: boolean
  /** The grade this week's score so far would lead to at the aggregation. */
  current_room_grade_id: number
  image_url: string
  frame_image_url: string
  /** Seconds to the next aggregation (the next Monday 00:00, Tokyo). */
  remaining_seconds: number
  /** Kirari: that moment (unix seconds). */
  next_aggregation_at: number
  /** 0 settled; 1 while the week that ended is still being aggregated. */
  aggregation_status: 0 | 1
  /** Where this week's score sits between the grade's borders, 0–100. */
  room_grade_meter_position: number
  /** This week's score so far. */
  score: number
  room_grade_list: GradeSummary[]
  room_grade_border_list: GradeBorder[]
  /** The grade held this week (set by the last aggregation). */
  starting_room_grade_id: number
  starting_room_grade_image_url: string
  starting_room_grade_frame_image_url: string
  exist_last_week_room_grade: boolean
  /** Last week's aggregation: the grade before and after it, and last week's score. */
  room_grade_before_aggregation: GradeSummary | null
  room_grade_after_aggregation: GradeSummary | null
  last_week_score: number
  last_week_starting_room_grade_name: string
}

/** The SHOWRANK and league fields (src/domain/grades.ts) of the SHOWRANK and the room profile. */
export interface LeagueFields {
  /** "B-3", or "Excluded" for an official room. */
  show_rank_subdivided: string
  prev_show_rank_subdivided: string
  next_show_rank_subdivided: string
  /** The grade's id and name; 0 and '' for an official room. */
  league_id: number
  league_label: string
  prev_league_id: number | null
  next_league_id: number | null
  /** The borders below (drop) and above (rise; 0 at the top) this week's score. */
  prev_score: number
  next_score: number
}

/** `GET /api/show_rank?room_id=`: a room's SHOWRANK, league and places this day, week, month. */
export interface ShowRankAnswer extends LeagueFields {
  room_id: number
  /** This week's score. */
  score: number
  /** Places in the ranking of every genre (null: no score yet in that period). */
  daily_rank: number | null
  weekly_rank: number | null
  monthly_rank: number | null
  /** The room owner's badge (src/domain/badges.ts). */
  badge: number
}

/** `GET /api/show_rank/live_result?room_id=[&live_id=]` (owner): a live's numbers once it ended. */
export const LiveResultQuery = v.object({ room_id: Id, live_id: v.optional(Id) })
export type LiveResultQuery = v.InferInput<typeof LiveResultQuery>

export interface LiveResult {
  live_id: number
  started_at: number
  ended_at: number
  seconds_on_air: number
  /** Different logged-in viewers who came. */
  viewers: number
  comments: number
  gifts: number
  paid_points: number
  free_points: number
  new_followers: number
  /** What the live added to the room's score. */
  score: number
}

export interface LiveResultAnswer {
  room_id: number
  /** The asked live, or the room's last ended live; null when it has none. */
  live_result: LiveResult | null
}

/** `GET /api/show_rank/event_result?room_id=`: the room's place in its latest finished event. */
export interface ShowRankEventResultAnswer {
  room_id: number
  event_result: {
    event_id: number
    event_name: string
    event_url_key: string
    ended_at: number
    rank: number
    point: number
    entries: number
  } | null
}

/** `GET /api/show_rank/monthly_report?year=&month=` (owner of a room): a Tokyo month in numbers. */
export const MonthlyReportQuery = v.object({
  year: v.pipe(v.string(), v.regex(/^20\d\d$/), v.transform(Number)),
  month: v.pipe(v.string(), v.regex(/^(0?[1-9]|1[0-2])$/), v.transform(Number)),
})
export type MonthlyReportQuery = v.InferInput<typeof MonthlyReportQuery>

export interface MonthlyReportAnswer {
  room_id: number
  year: number
  month: number
  lives: number
  seconds_on_air: number
  viewers: number
  comments: number
  paid_points: number
  free_points: number
  new_followers: number
  score: number
  /** The month's place in the ranking of every genre; null without a score. */
  monthly_rank: number | null
  /** Each day's score (day 1 first). */
  days: Array<{ day: number; score: number }>
}
