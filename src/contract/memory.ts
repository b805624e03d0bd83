import * as v from 'valibot'
import { Id } from './common.ts'

/**
 * `GET /api/room_memory?year=[&room_id=]`: a room's Tokyo year in numbers, public so it can be
 * shared; without room_id, the caller's own room.
 */
export const RoomMemoryQuery = v.object({
  year: v.pipe(v.string(), v.regex(/^20\d\d$/), v.transform(Number)),
  room_id: v.optional(Id),
})
export type RoomMemoryQuery = v.InferInput<typeof RoomMemoryQuery>

export interface RoomMemoryAnswer {
  room_id: number
  room_url_key: string
  room_name: string
  image: string
  year: number
  lives: number
  seconds_on_air: number
  paid_points: number
  free_points: number
  comments: number
  /** The sum of each month's different viewers. */
  viewers: number
  new_followers: number
  medals: number
  /** The five viewers who gave the most points in the year. */
  top_fans: Array<{
    rank: number
    user_id: number
    name: string
    avatar_url: string
    points: number
  }>
  /** The best place in an event that finished in the year; null for none. */
  best_event: { event_id: number; event_name: string; event_url_key: string; rank: number } | null
  /** Each month (1–12) of the year, with its score and gift points. */
  months: Array<{ month: number; score: number; paid_points: number; free_points: number }>
  share_url: string
}
