import * as v from 'valibot'
import { Id } from './common.ts'

/**
 * SPEC §7 Ranking: rooms ranked by their score (src/domain/scores.ts) in a Tokyo day, week or
 * month, over every genre or one. Paths: `/api/genre_ranking/{genre}/{period}[/{page}]`, where
 * `genre` is `all` or a genre id, `period` is daily, weekly or monthly, `page` counts from 1
 * (30 rooms a page); `/api/genre_ranking/room_genre` lists the tabs; `/api/genre_ranking/me`
 * answers the caller's own room's place.
 */

export const RANKING_PERIODS = ['daily', 'weekly', 'monthly'] as const
export type RankingPeriod = (typeof RANKING_PERIODS)[number]

/** Rooms a ranking page holds. */
export const RANKING_PAGE_SIZE = 30

const Page = v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number))

/** The path's parts, as strings from the router. */
export const GenreRankingPath = v.object({
  genre: v.union([v.literal('all'), Id]),
  period: v.picklist(RANKING_PERIODS),
  page: v.optional(Page, '1'),
})
export type GenreRankingPath = v.InferInput<typeof GenreRankingPath>

/** `GET /api/genre_ranking/me?genre=&period=`. */
export const MyRankingQuery = v.object({
  genre: v.optional(v.union([v.literal('all'), Id]), 'all'),
  period: v.optional(v.picklist(RANKING_PERIODS), 'daily'),
})
export type MyRankingQuery = v.InferInput<typeof MyRankingQuery>

/** One room in a ranking. */
export interface RankedRoom {
  rank: number
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  genre_id: number
  genre_name: string
  score: number
  is_onlive: boolean
  /** The room owner's badge (src/domain/badges.ts; 0 none). */
  badge: number
}

/** `GET /api/genre_ranking/{genre}/{period}[/{page}]`. */
export interface GenreRankingAnswer {
  /** null: every genre. */
  genre_id: number | null
  period: RankingPeriod
  /** The period's first day in Tokyo (YYYY-MM-DD). */
  starts_on: string
  page: number
  /** The next page, or null on the last. */
  next_page: number | null
  /** Rooms ranked in all (a score above 0). */
  total_entries: number
  ranking: RankedRoom[]
}

/** `GET /api/genre_ranking/room_genre`: the ranking's tabs. */
export interface RoomGenreAnswer {
  genres: Array<{ genre_id: number; genre_name: string }>
  periods: RankingPeriod[]
}

/** `GET /api/genre_ranking/me`: the caller's room in that ranking; room null without a room. */
export interface MyRankingAnswer {
  genre_id: number | null
  period: RankingPeriod
  starts_on: string
  room: (Omit<RankedRoom, 'rank'> & { rank: number | null }) | null
}
