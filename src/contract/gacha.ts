import * as v from 'valibot'
import type {
  DrawResponse,
  DrawSource,
  DrawnPrize,
  GachaSummary,
  PrizeOdds,
  PrizeType,
  Rarity,
} from '../domain/gacha.ts'
import { WATCH_ID_PATTERN } from '../domain/gacha.ts'
import { Id, Text } from './common.ts'

/** `GET /api/gachas`: the lotteries open now. */
export interface GachasAnswer {
  gachas: GachaSummary[]
}

/** `GET /api/gachas/{id}`: the gacha and its prize table with each prize's odds. */
export interface GachaInfoAnswer {
  gacha: GachaSummary
  prizes: PrizeOdds[]
}

/** `GET /api/gachas/{id}/user`: how often the user has drawn here, in all and today. */
export interface UserDrawCountAnswer {
  draw_count: number
  today_count: number
  /** null where the gacha has no daily limit. */
  remaining_today: number | null
}

/** `GET /api/gachas/{id}/draw/showgold`: what a draw costs and what the user holds. */
export interface ShowGoldAnswer {
  price: number
  price_10: number | null
  gold: number
  expiring_gold: number
  can_draw: boolean
  can_draw_10: boolean
}

/** `POST /api/gachas/{id}/draw` (form): one draw or ten. */
export const DrawBody = v.object({
  draw_count: v.pipe(
    Text(2),
    v.check((count) => count === '1' || count === '10'),
    v.transform(Number),
  ),
})
export type DrawBody = v.InferInput<typeof DrawBody>

/** A draw (or an ad watch's reward): the prizes and the balance after it. */
export type DrawAnswer = DrawResponse

/** `GET /api/gachas/user/hist`: a page (from 1) of the user's draws, newest first. */
export const HistoryQuery = v.object({ page: v.optional(Id, '1') })
export type HistoryQuery = v.InferInput<typeof HistoryQuery>

export interface DrawHistoryEntry {
  draw_id: number
  gacha_id: number
  gacha_name: string
  draw_count: number
  price: number
  source: DrawSource
  created_at: number
  prizes: Array<Omit<DrawnPrize, 'num'>>
}

export interface DrawHistoryAnswer {
  page: number
  has_next: boolean
  hist: DrawHistoryEntry[]
}

/** `GET /api/gachas/{id}/user/hist/goods`: the avatars, backgrounds and goods won there. */
export interface GoodsAnswer {
  goods: Array<{
    prize_id: number
    name: string
    prize_type: PrizeType
    rarity: Rarity
    num: number
    image: string
  }>
}

/** `GET /api/user/free_gifts`: the free gifts the user holds, with their cap. */
export interface FreeGiftsAnswer {
  free_gifts: Array<{
    gift_id: number
    name: string
    image: string
    free_num: number
    max_num: number
  }>
}

/** `GET /api/ad_reward/gacha`: where the ad-reward lottery lives now, if anywhere. */
export interface AdRewardGachaAnswer {
  gacha_path: string | null
  gacha_id: number | null
}

/** `GET /api/ad_reward/user`: the day's watches and what is left of them (null: no limit). */
export interface AdRewardUserAnswer {
  gacha_id: number
  daily_limit: number | null
  watched_count: number
  remaining_count: number | null
}

/** `GET /api/ad_reward/can_watch`: 404 when no watch is left today (SPEC §8). */
export const CanWatchQuery = v.object({ gacha_id: Id })
export type CanWatchQuery = v.InferInput<typeof CanWatchQuery>

export interface CanWatchAnswer {
  can_watch: true
  remaining_count: number | null
}

/** A watch id as the server makes them (base64url, 8–32 characters). */
export const WatchId = v.pipe(Text(32), v.regex(WATCH_ID_PATTERN))

/** `GET /api/ad_reward/watch` (query), `POST /watch/complete` and `/gacha/reward` (form). */
export const WatchBody = v.object({ watch_id: WatchId })
export type WatchBody = v.InferInput<typeof WatchBody>

/** `POST /api/ad_reward/watch` (form): a watch of the ad-reward gacha's ad starts. */
export const StartWatchBody = v.object({ gacha_id: Id })
export type StartWatchBody = v.InferInput<typeof StartWatchBody>

/** One ad watch: the ad to play and how far it has got. */
export interface AdWatchAnswer {
  watch_id: string
  gacha_id: number
  video_url: string
  duration_ms: number
  completed: boolean
  rewarded: boolean
}
