import * as v from 'valibot'
import { parseId } from '../domain/ids.ts'
import { Id } from './common.ts'

/** Rooms per page of an event's ranking, as SHOWROOM pages it. */
export const RANKING_PER_PAGE = 30

/** An event in a path: its numeric id, or its url key (SHOWROOM clients pass either). */
export const EventRef = v.union([
  v.pipe(v.string(), v.transform(parseId), v.number()),
  v.pipe(v.string(), v.regex(/^[a-z0-9_]{1,64}$/)),
])

/** A page of an event's lists (from 1). */
export const PageQuery = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number)), '1'),
})
export type PageQuery = v.InferInput<typeof PageQuery>

/**
 * `GET /api/event/{id|key}/ranking?page=&block_id=`: a block event's ranking is a division's
 * (`block_id`, the first division when absent); other events have one ranking and ignore it.
 */
export const RankingQuery = v.object({
  ...PageQuery.entries,
  block_id: v.optional(Id),
  /** A push's `v` (t:204): the ranking as of at least that moment (ms). */
  v: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
})
export type RankingQuery = v.InferInput<typeof RankingQuery>

/** One room in an event's ranking (SHOWROOM's ranking rows). */
export interface EventRankingRow {
  rank: number
  room_id: number
  room_image: string
  room_name: string
  room_url_key: string
  room_description: string
  is_on_live: boolean
  is_following: boolean
  is_official: boolean
  point: number
}

/**
 * An event's ranking page in SHOWROOM's shape. Kirari shows points while the event runs
 * (`is_point_visible_period` is true): the gap to the room above is what fans climb by.
 */
export interface EventRankingAnswer {
  ranking: EventRankingRow[]
  total_entries: number
  current_page: number
  first_page: number
  last_page: number
  previous_page: number | null
  next_page: number | null
  /** A block event: the page is one division's ranking (ranks count within it). */
  is_event_block: boolean
  /** The shown division's label ('' for other events). */
  event_block_label: string
  /** Block events: one group holding every division, in order (empty for other events). */
  event_block_list: Array<{
    show_rank_label: string
    block_list: Array<{ block_id: number; label: string }>
  }>
  /** The division this page ranks (0 for other events). */
  entry_event_block_id: number
  is_event_gift_ranking: boolean
  event_gift_ranking_list: never[]
  is_event_period_ranking: boolean
  event_period_ranking_list: never[]
  is_point_visible_period: boolean
}

/**
 * SPEC §3 Event ranking: where the room stands (gap: points to the room above). Ranks count in
 * the room's division for a block event; `large_rank` counts across the whole event, `max_rank`
 * is how many rooms are ranked (in the division). `before_rank` is the rank last shown for the
 * room (pushed or answered) and `is_animation` 1 when it moved since; `sequence_num` grows with
 * every change of the room's points.
 */
export interface RoomEventRanking {
  rank: number
  point: number
  gap: number
  next_rank: number
  lower_rank: number
  lower_gap: number
  before_rank: number
  max_rank: number
  large_rank: number
  text: string
  sequence_num: number
  is_animation: 0 | 1
  event_block_division_id: number
}

/** The room's final rank and points in a finalized event; `text` is the reward it earned ('' none). */
export interface EndAnimation {
  rank: number
  point: number
  text: string
}

/** SPEC §3 Event, as `event_and_support` and the room profile carry it. */
export interface RoomEvent {
  event_id: number
  event_name: string
  event_description: string
  image: string
  started_at: number
  ended_at: number
  remain_time: number
  tutorial_url: string
  event_url: string
  additional_event_point_sum: number
  additional_event_points: never[]
  /** A finalized event, for 24 h after its end: the room's final place (one item); else empty. */
  end_animation: EndAnimation[]
  contribution_ranking: Array<{
    user_id: number
    name: string
    point: number
    rank: number
    avatar_id: number
    avatar_url: string
  }>
  show_ranking: 0 | 1
  ranking: RoomEventRanking
  quest: { quest_level: number; support: { current_point: number } }
  event_type: string
}

/** `GET /api/event/contribution_ranking?event_id=&room_id=`: a room's supporters in an event. */
export const ContributionQuery = v.object({ event_id: Id, room_id: Id })
export type ContributionQuery = v.InferInput<typeof ContributionQuery>

export interface ContributionRow {
  rank: number
  user_id: number
  name: string
  point: number
  avatar_id: number
  avatar_url: string
}

/** The top supporters (100 at most), the caller's own row and points when logged in. */
export interface ContributionAnswer {
  ranking: ContributionRow[]
  me: ContributionRow | null
  my_point: number
  event: { event_id: number; event_name: string; event_url: string }
}
