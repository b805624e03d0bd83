import * as v from 'valibot'
import type { RoomEvent } from './event.ts'
import type { LeagueFields } from './grade.ts'
import type { PushSendStatus } from './follow.ts'
import type { RegulationStatus } from '../domain/regulation.ts'
import type { Banner, RecommendedComment } from '../domain/room.ts'
import type { EcConfig } from '../domain/shop.ts'
import { Flag, FlagOr, Id, Text, type Ok } from './common.ts'
import type { PartyInfo } from './party.ts'

export const RoomIdQuery = v.object({ room_id: Id })
export type RoomIdQuery = v.InferInput<typeof RoomIdQuery>

/** `GET /api/room/status`: a room by its URL key (SPEC.md §3 room lookup). */
export const RoomStatusQuery = v.object({
  room_url_key: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)),
})
export type RoomStatusQuery = v.InferInput<typeof RoomStatusQuery>

/** SPEC §3 `share.twitter` of a room: a post's text and the room's page on this site. */
export interface RoomShare {
  twitter: { text: string; url: string }
}

export interface RoomStatusAnswer {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  description: string
  image_s: string
  image: string
  is_official: boolean
  genre_id: number
  follower_num: number
  broadcast_host: string
  broadcast_key: string
  is_live: boolean
  live_id: number
  started_at: number
  is_fav: boolean
  did_send_live_bad_report: boolean
  share: RoomShare
  is_owner: boolean
  /** Kirari: the owner's private push key of the live on air (owner-only logs); '' for others. */
  owner_broadcast_key: string
  isRoomOrganizer: boolean
}

/** `POST /api/room/follow` and `/api/room/update_follow`: flag 1 follows (the default), 0 unfollows. */
export const FollowBody = v.object({ room_id: Id, flag: FlagOr(true) })
export type FollowBody = v.InferInput<typeof FollowBody>

export interface FollowAnswer {
  ok: 1
  is_follow: boolean
  follower_num: number
}

/** `POST /api/room/welcome_comment`: the comment (1–100 characters once trimmed) and is_pinned. */
export const WelcomeBody = v.object({
  room_id: Id,
  comment: Text(1000),
  is_pinned: FlagOr(true),
})
export type WelcomeBody = v.InferInput<typeof WelcomeBody>

/** The welcome comment (`GET /api/room/welcome_comment`, and what saving answers): '' when none. */
export interface WelcomeAnswer {
  comment: string
  is_pinned: boolean
  created_at: number
}

/** `GET /room/is_live` (SHOWROOM's, outside /api): 1 on air, 0 not. */
export interface IsLiveAnswer {
  ok: 0 | 1
}

/** `GET /api/room/banners`: the room's own banners, then those shown everywhere. */
export interface BannersAnswer {
  banners: Banner[]
}

/** `GET /api/room/event_and_support` (SPEC.md §3 Event): the room's ongoing event, or null. */
export interface EventAndSupportAnswer {
  event: RoomEvent | null
  support: null
  regular_event: null
}

/** `GET /api/recommended_live_comment`: preset comments for the room's genre. */
export interface RecommendedCommentsAnswer {
  recommend_comments: RecommendedComment[]
}

/** `GET /api/room/check_room_regulation`: the room, and the live (its open one, or live_id). */
export const RegulationQuery = v.object({ room_id: Id, live_id: v.optional(Id) })
export type RegulationQuery = v.InferInput<typeof RegulationQuery>

/** SPEC §7 regulation: 0 none, 1 no limit, 2 limited. */
export interface RegulationAnswer {
  under_18_room_regulation_status: RegulationStatus
  under_18_live_regulation_status: RegulationStatus
}

/** `POST /api/room/upsert_room_regulation` (form), owner only: performers under 18 (1) or not. */
export const RegulationBody = v.object({ room_id: Id, is_under_18_room_regulation: Flag })
export type RegulationBody = v.InferInput<typeof RegulationBody>

export interface RegulationSavedAnswer extends Ok {
  under_18_room_regulation_status: RegulationStatus
}

/**
 * `GET /api/room/profile`: every field of fixtures/showroom-api/room_profile.json and SPEC §3
 * Room profile. Fields about features Kirari does not have (talk, voices, parties, paid lives,
 * fan-written recommendations, a performer's birthday) hold neutral values: false, 0, '', [],
 * {} or null, as SHOWROOM answers for a room that does not use them.
 */
export interface RoomProfileAnswer extends LeagueFields {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  performer_name: string
  description: string
  follower_num: number
  is_official: boolean
  is_onlive: boolean
  live_id: number
  current_live_started_at: number
  /** Different signed-in viewers of the live on air (0 off air). */
  view_num: number
  genre_id: number
  genre_name: string
  image: string
  image_square: string
  is_follow: boolean
  share_url: string
  share_url_live: string
  share_text_live: string
  /** The tags of the live on air (src/domain/live-tags.ts); [] off air. */
  live_tags: string[]
  image_list: never[]
  voice_list: never[]
  ec_config: Pick<EcConfig, 'sales_available' | 'is_external_ec' | 'links'>
  /** The grade held this week, its mark and frame; '' and false for an official room. */
  room_grade_name: string
  image_url: string
  frame_image_url: string
  is_displayed: boolean
  /** Events the room finished in the top 10 of (its event medals); null for none. */
  award_list: Array<{
    event_id: number
    event_name: string
    rank: number
    image_url: string
  }> | null
  /** Tokyo days in a row, up to today or yesterday, with a live. */
  live_continuous_days: number
  /** How many of the room's lives the caller has watched (0 anonymous). */
  visit_count: number
  event: RoomEvent | null
  last_lived_at: number
  last_live_type: number
  /** The owner may start again the live that just ended (SPEC §4 restart). */
  has_restart_live: boolean
  startable_live_types: number[]
  banner_list: Array<{ image: string; url: string }> | null
  is_birthday: boolean
  birthday: number
  room_level: number
  youtube_id: string
  sns_list: never[]
  /** A follower's notices of the room (src/contract/follow.ts); `{}` for anyone else. */
  push_send_status: PushSendStatus
  avatar: { description: string; list: string[] }
  is_talk_online: boolean
  is_talk_opened: boolean
  party_live_status: number
  /** The party the room is in (src/contract/party.ts), `{}` when none. */
  party: PartyInfo | Record<string, never>
  is_party_enabled: boolean
  premium_room_type: number
  is_live_tag_campaign_opened: boolean
  is_paid_live: boolean
  can_paid_live: boolean
  paid_live_price: number
  paid_live_prices: never[]
  paid_live_schedule: { current_price: number; will_open_at: number; title: string }
  recommend_comment_list: never[]
  has_more_recommend_comment: boolean
  recommend_comment_open_status: number
  recommend_comments_url: string
  recommend_comment_post_url: string
}
