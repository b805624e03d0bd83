import * as v from 'valibot'
import type { OnliveItem } from '../domain/api-types.ts'
import { Flag, Id, Text } from './common.ts'

export { NEXT_LIVE_TITLE_MAX } from '../domain/schedule.ts'

/** A room's next live (its owner's schedule): when (unix seconds) and what. */
export interface NextLive {
  title: string
  starts_at: number
}

/** One followed room of `/api/follow/rooms`, with the fields SHOWROOM clients read. */
export interface FollowedRoom {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  /** The same picture, as SHOWROOM's follow list names it. */
  image_l: string
  genre_id: number
  genre_name: string
  follower_num: number
  /** On air now. */
  is_online: boolean
  /** The live on air, or 0. */
  live_id: number
  /** When the last live began (unix seconds); null if it never went live. */
  last_lived_at: number | null
  has_next_live: boolean
  next_live: NextLive | null
}

/** A whole number of a page (from 1) or a page size, as a query string sends it. */
const Whole = (max: number) =>
  v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/), v.transform(Number), v.maxValue(max))

/** The most rooms one page of the follow list holds. */
export const FOLLOW_PAGE_MAX = 100
export const FOLLOW_PAGE_DEFAULT = 20

/** `GET /api/follow/rooms?page=&count=[&genre_id=]`: every followed room, on air first. */
export const FollowRoomsQuery = v.object({
  page: v.optional(Whole(100_000), '1'),
  count: v.optional(Whole(FOLLOW_PAGE_MAX), String(FOLLOW_PAGE_DEFAULT)),
  genre_id: v.optional(Id),
})
export type FollowRoomsQuery = v.InferInput<typeof FollowRoomsQuery>

export interface FollowRoomsAnswer {
  rooms: FollowedRoom[]
  current_page: number
  /** null on the last page. */
  next_page: number | null
  last_page: number
  total_entries: number
}

/** `GET /api/follow/onlives[?genre_id=]`: the followed rooms on air, most watched first. */
export const FollowGenreQuery = v.object({ genre_id: v.optional(Id) })
export type FollowGenreQuery = v.InferInput<typeof FollowGenreQuery>

export interface FollowOnlivesAnswer {
  onlives: OnliveItem[]
}

/** One upcoming live of a followed room. */
export interface FollowSchedule {
  room_id: number
  room_url_key: string
  room_name: string
  image: string
  genre_id: number
  title: string
  starts_at: number
}

/** `GET /api/follow/schedules[?genre_id=]`: the followed rooms' next lives, soonest first. */
export interface FollowSchedulesAnswer {
  schedules: FollowSchedule[]
}

/** `GET /api/time_table/time_tables[?genre_id=]`: every room's next live, soonest first. */
export const TimeTablesQuery = FollowGenreQuery

/** One room's next live on the home page's strip (SHOWROOM's time table names its start). */
export interface TimeTable {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  genre_id: number
  title: string
  /** Unix seconds: when the live is to start. */
  started_at: number
  is_follow: boolean
}

export interface TimeTablesAnswer {
  time_tables: TimeTable[]
}

/**
 * A follower's notices of one room (the profile's `push_send_status`): `{ status: 1 }` on,
 * `{ status: 0 }` off, `{}` for anyone not following it.
 */
export type PushSendStatus = Record<string, never> | { status: 0 | 1 }

/** `POST /api/room/push_send_status`: a follower turns the room's notices on (1) or off (0). */
export const PushSendBody = v.object({ room_id: Id, status: Flag })
export type PushSendBody = v.InferInput<typeof PushSendBody>

export interface PushSendAnswer {
  push_send_status: PushSendStatus
}

/** `GET /api/follow/genres`: the genres of the followed rooms, for the filter. */
export interface FollowGenresAnswer {
  genres: Array<{ genre_id: number; genre_name: string; count: number }>
}

/** `GET /api/room/next_live?room_id=` (SHOWROOM's `epoch` and `text`, plus the title). */
export const NextLiveQuery = v.object({ room_id: Id })
export interface NextLiveAnswer {
  /** Unix seconds, or null when no live is scheduled. */
  epoch: number | null
  /** "12/26 18:00" (Tokyo), or '' with no schedule. */
  text: string
  title: string
}

/**
 * `POST /api/room/next_live` (the owner): `starts_at` as Tokyo wall time `YYYY-MM-DDTHH:mm`
 * (what a datetime-local field sends), and a title; an empty `starts_at` clears the schedule.
 */
export const NextLiveBody = v.object({
  room_id: Id,
  starts_at: v.union([
    v.literal(''),
    v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)),
  ]),
  // Bounded here; the title's rule (src/domain/schedule.ts) answers per field.
  title: v.optional(Text(400), ''),
})
export type NextLiveBody = v.InferInput<typeof NextLiveBody>

/** The longest greeting. */
export const GREETING_MAX = 200

/** `GET /api/room/greeting?room_id=`: the owner's greeting, for followers and the owner ('' for others). */
export const GreetingQuery = v.object({ room_id: Id })
export interface GreetingAnswer {
  greeting: string
  /** Whether the caller may read it: a follower or the owner. */
  is_shown: boolean
}

/** `POST /api/room/greeting` (the owner): '' removes it. */
export const GreetingBody = v.object({ room_id: Id, greeting: Text(GREETING_MAX) })
export type GreetingBody = v.InferInput<typeof GreetingBody>
