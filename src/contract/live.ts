import * as v from 'valibot'
import type { CurrentUserFields, OnlivesResponse } from '../domain/api-types.ts'
import type { CommentEntry } from '../domain/comments.ts'
import { LOCALES } from '../domain/locale.ts'
import { Id, Ignored, QueryFlag, Text } from './common.ts'
import type { MissionNews } from './mission.ts'
import type { RoomShare } from './room.ts'

/** `GET /api/live/{comment_log,polling,streaming_url}` and friends: one room. */
export const RoomQuery = v.object({ room_id: Id })
export type RoomQuery = v.InferInput<typeof RoomQuery>

/** `GET /api/live/onlive_num`: how many rooms are on air. */
export interface OnliveNumAnswer {
  num: number
}

/** `GET /api/live/onlives`: the on-air list by genre (pick-up only, in a language's names). */
export const OnlivesQuery = v.object({
  is_pickup: QueryFlag,
  skip_serial_code_live: QueryFlag,
  room_id: v.optional(Id),
  lang: v.optional(v.picklist(LOCALES)),
  /** Only the lives with this tag (a tag's link). */
  tag: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(40))),
})
export type OnlivesQuery = v.InferInput<typeof OnlivesQuery>

export type OnlivesAnswer = OnlivesResponse

/**
 * `GET /api/live/live_info` (room_id): SPEC §3 live info, with the caller's own flags — the
 * fields of fixtures/showroom-api/live_info.json (bcsvr_*) and SPEC's list (broadcast_*, the
 * room lookup's names for the same push server). Off air it answers too: live_status 1, and
 * the live's own fields empty (live_id 0, started_at 0, broadcast_key '').
 */
export interface LiveInfoAnswer {
  /** The room's URL key (its page is `/r/{room_url_key}`). */
  room_url_key: string
  /** What a post about the room says and links to (the room lookup's `share`). */
  share: RoomShare
  /**
   * Whether the caller may comment now, as post_live_comment decides: logged in, SMS
   * authenticated, the room on air, not blocked by its owner. The rate limit is not foreseen.
   */
  can_comment: boolean
  /** When the open live started, in unix seconds; 0 off air. */
  started_at: number
  /** The room is on air (live_status 2). */
  is_live: boolean
  /** The live's push key (the same as bcsvr_key); '' off air. */
  broadcast_key: string
  /** The push server's host (the same as bcsvr_host): the site's own. */
  broadcast_host: string
  /** The push server's port (the same as bcsvr_port). */
  broadcast_port: number
  /** The room is an official one (its owner wears the official badge). */
  is_official: boolean
  /** The room's picture, absolute. */
  image_s: string
  /**
   * The caller's own push key in this live: the owner's private key (who followed, t:202) for
   * the owner of a room on air, as the room lookup's owner_broadcast_key; '' for anyone else.
   */
  live_user_key: string
  genre_id: number
  /** SHOWROOM's YouTube link of a room; Kirari's rooms have none: always ''. */
  youtube_id: string
  /** SHOWROOM's flag for a room broadcast by its partner service; Kirari has none: false. */
  nsta_owner: boolean
  is_under_16: boolean
  is_under_18: boolean
  is_abroad: boolean
  enquete_gift_num: number
  is_enquete: boolean
  live_id: number
  is_enquete_result: boolean
  room_name: string
  /** The room's current background (issue #21, `/room_background`), or null for none. */
  background_image_url: string | null
  age_verification_status: number
  bcsvr_port: number
  video_type: number
  live_type: number
  is_free_gift_only: boolean
  premium_room_type: number
  bcsvr_host: string
  bcsvr_key: string
  room_id: number
  live_status: 1 | 2
  is_fav: boolean
  did_send_live_bad_report: boolean
  is_owner: boolean
  /**
   * Kirari's (issue #38): the OBS live's video stopped reaching the site (its encoder
   * disconnected or stalled); push frame 205 tells what changes after.
   */
  is_interrupted: boolean
}

/** One playlist of `streaming_url_list` (fixtures/showroom-api/streaming_url.json). */
export interface StreamingUrlEntry {
  url: string
  id: number
  type: 'hls_all' | 'hls' | 'lhls'
  label: string
  quality?: number
  is_default?: boolean
}

/** `GET /api/live/streaming_url` (room_id): the live's playlists; `{}` off air. */
export interface StreamingUrlAnswer {
  streaming_url_list?: StreamingUrlEntry[]
}

/** `GET /api/live/comment_log` (fixtures/showroom-api/comment_log.json), newest first. */
export interface CommentLogAnswer {
  comment_log: CommentEntry[]
}

/**
 * `POST /api/live/post_live_comment` (form): the comment as typed (the rule — 50 characters once
 * trimmed and hidden characters taken out — is domain/comments.ts commentProblem; 400 here only
 * bounds what is read), an optional preset, and SHOWROOM's comment_type / is_delay.
 */
export const PostCommentBody = v.object({
  live_id: Id,
  comment: Text(400),
  /** The suggested comment picked, as a number: '', 0, null or missing is none (0). */
  recommend_comment_id: v.pipe(
    v.nullish(v.union([v.literal(''), v.literal('0'), v.literal(0), Id]), 0),
    v.transform((id) => (typeof id === 'number' ? id : 0)),
  ),
  comment_type: Ignored,
  is_delay: Ignored,
})
export type PostCommentBody = v.InferInput<typeof PostCommentBody>

export interface PostCommentAnswer {
  comment: string
  ua: number
  aft: number
  mission: MissionNews
}

/** `GET /api/live/polling`: off air (fixtures polling_live_end.json) or on air. */
export type PollingAnswer =
  | { live_end: 1; invalid: 1 }
  | {
      is_login: boolean
      online_user_num: number
      live_watch_incentive: Record<string, never>
      toast?: { message: string }
      /** Present when the minutes watched completed a mission. */
      mission?: MissionNews
    }

/** `GET /api/live/telop` by room_id, or by live_id as the t:8 frame's `api` names it. */
export const TelopQuery = v.union([v.object({ room_id: Id }), v.object({ live_id: Id })])

export interface TelopAnswer {
  telop: string
  telops: Array<{ text: string; type: 'user'; color: { r: number; g: number; b: number } }>
  interval: number
}

/** A free gift or vote gift the caller holds (`gift_list` of live/current_user). */
export interface HeldGift {
  gift_id: number
  free_num: number
}

/**
 * `GET /api/live/current_user` (room_id): the caller as this room sees them — owner, follow and
 * block, and what the gift panel needs (wallet, free stock, votes left, fan level). Anonymous
 * callers get the same fields, empty.
 */
export interface LiveCurrentUserAnswer extends CurrentUserFields {
  sms_auth: boolean
  is_owner: boolean
  is_follow: boolean
  is_blocked: boolean
  gift_list: { normal: HeldGift[]; enquete: HeldGift[] }
}
