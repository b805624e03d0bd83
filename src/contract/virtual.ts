import * as v from 'valibot'

/*
 * Virtual livers (issue #22; SPEC.md §2 `/virtual_liver`, `/virtual_liver/events`,
 * `/virtual_liver/ranking`): rooms flagged virtual (`rooms.is_virtual`) and the events meant for
 * them (`events.for_virtual`).
 */

/** A virtual liver's room as the corner's lists show it. */
export interface VirtualRoom {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  is_onlive: boolean
  /** Viewers of the live on air now; 0 off air. */
  view_num: number
  follower_num: number
  /** Unix seconds the live on air started; null off air. */
  started_at: number | null
}

/** `GET /api/virtual_liver/rooms`: on air now (most viewers first), new (newest rooms first), popular (most followers first); at most 20 each. */
export interface VirtualRoomsAnswer {
  onlives: VirtualRoom[]
  newcomers: VirtualRoom[]
  popular: VirtualRoom[]
}

/** `GET /api/virtual_liver/events`: events for virtual livers, open and upcoming first, then ended ones (at most 20). */
export interface VirtualEventsAnswer {
  events: {
    event_id: number
    event_url_key: string
    event_name: string
    image: string
    /** Unix seconds. */
    started_at: number
    ended_at: number
    status: 'upcoming' | 'open' | 'ended'
  }[]
}

export const VIRTUAL_RANKING_PERIODS = ['daily', 'weekly', 'monthly'] as const
export type VirtualRankingPeriod = (typeof VIRTUAL_RANKING_PERIODS)[number]

/** `GET /api/virtual_liver/ranking?period=` (daily when absent). */
export const VirtualRankingQuery = v.object({
  period: v.optional(v.picklist(VIRTUAL_RANKING_PERIODS), 'daily'),
})

/** Virtual rooms by the points received in the Tokyo day, week (from Monday) or month, best 50. */
export interface VirtualRankingAnswer {
  period: VirtualRankingPeriod
  /** Unix seconds the period started. */
  since: number
  ranking: (VirtualRoom & { rank: number; point: number })[]
}
