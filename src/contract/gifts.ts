import * as v from 'valibot'
import type { Gift, GiftGroup, GiftLogEntry, VoteResult } from '../domain/gifts.ts'
import { Flag, Id, Ignored } from './common.ts'
import type { MissionNews } from './mission.ts'

/** `GET /api/live/gift_list` (fixtures/showroom-api/gift_list.json): normal and vote gifts. */
export interface GiftListAnswer {
  normal: Gift[]
  enquete: Gift[]
}

/** `GET /api/live/gift_groups`: the gift panel's tabs, each with its gifts in order. */
export interface GiftGroupsAnswer {
  gift_groups: GiftGroup[]
}

/** How many of one gift one call may send: a whole number from 1 (the service checks the most). */
const Count = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^[1-9]\d{0,4}$/),
  v.transform(Number),
)

/** `POST /api/live/gifting_free` and `gifting_point_use` (form): SPEC §7 send gift. */
export const GiftBody = v.object({
  live_id: Id,
  gift_id: Id,
  num: Count,
  is_delay: Ignored,
})
export type GiftBody = v.InferInput<typeof GiftBody>

/** What sending a gift answers (SPEC §3 gift result; `free_num` is Kirari's: the stock left). */
export interface GiftAnswer {
  fan_level: { fan_level: number }
  notify_level_up: boolean
  mission: MissionNews
  remaining_point: number
  remaining_expiring_point: number
  free_num?: number
  active_fan: { before_level: number; current_level: number; title_id: number }
  h: number
  n: number
  ua: number
}

/** `POST /api/live/bulk_gifting_free`: every free star held, all or nothing. */
export const BulkGiftBody = v.object({ live_id: Id })
export type BulkGiftBody = v.InferInput<typeof BulkGiftBody>
export type BulkGiftAnswer = GiftAnswer & { gifts: Array<{ gift_id: number; num: number }> }

/** `GET /api/live/gift_log`: the live's gifts, newest first. */
export interface GiftLogAnswer {
  gift_log: GiftLogEntry[]
}

/** `POST /user/update_gift_use_flg`: type 1 is the confirm step before paid gifts. */
export const GiftUseFlagBody = v.object({ type: v.picklist(['1', 1]), flg: Flag })
export type GiftUseFlagBody = v.InferInput<typeof GiftUseFlagBody>
export interface GiftUseFlagAnswer {
  ok: '1'
}

/** `GET /api/live/enquete_result` (room_id): the open vote's results so far, or the last one's. */
export interface EnqueteResultAnswer {
  is_enquete: boolean
  results: VoteResult[]
}

/** A user in a ranking. */
export interface RankedUser {
  user_id: number
  name: string
  avatar_id: number
  avatar_url: string
}

/** `GET /api/live/stage_user_list` (room_id): the live's top supporters by points, at most 10. */
export interface StageUsersAnswer {
  stage_user_list: Array<{ rank: number; score: number; user: RankedUser }>
}

/**
 * `GET /api/live/stage_gift_list` (room_id): the gifts of the live that stay on its stage (those
 * not `is_delete_from_stage`: towers and castles), each gift once with how many were sent, in the
 * gift list's order; empty off air.
 */
export interface StageGiftsAnswer {
  stage_gift_list: Array<{
    gift_id: number
    gift_name: string
    num: number
    image: string
    image2: string
    scale: number
    order_no: number
  }>
}

/** `GET /api/live/summary_ranking` (room_id): the room's fans across its lives, at most 100. */
export interface SummaryRankingAnswer {
  ranking: Array<{ rank: number; point: number; fan_level: number; user: RankedUser }>
  total_point: number
}
