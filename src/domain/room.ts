import type { NavigatorRight } from './navigator.ts'
import type { EventStanding } from './events.ts'
import type { GiftLogEntry } from './gifts.ts'
import type { CommentEntry } from './comments.ts'

/** SPEC.md §9: seconds before an ended room moves on to another room on air. */
export const ROOM_TRANSITION_SECONDS = 60

/** A room as its page needs it: the lookup of SPEC §3 (`/api/room/status`). */
export interface RoomInfo {
  roomId: number
  roomUrlKey: string
  roomName: string
  mainName: string
  description: string
  image: string
  followerNum: number
  isLive: boolean
  liveId: number
  broadcastKey: string
  /** The owner's private push key ('' unless the viewer owns the room and it is on air). */
  ownerBroadcastKey: string
  isOwner: boolean
  /** The viewer follows this room (is_fav). */
  isFollowing: boolean
  /** The owner's badge (src/domain/badges.ts); 0 or absent for none. */
  badge?: number
  /** The room's background picture (issue #21, `/room_background`); null or absent for none. */
  backgroundImageUrl?: string | null
  /** The visitor's rights as a navigator of the room (issue #23); empty or absent for none. */
  navigatorRights?: NavigatorRight[]
}

/** One of `/api/room/banners`. */
export interface Banner {
  id: number
  image: string
  url: string
  title: string
}

/** One of `/api/recommended_live_comment`: a comment the viewer can send with one tap. */
export interface RecommendedComment {
  id: number
  comment: string
}

/** One entry of `streaming_url_list` the player can play (SPEC §7 Live: streaming_url). */
export interface StreamOption {
  id: number
  type: 'hls_all' | 'hls' | 'lhls'
  label: string
  url: string
  quality?: number
}

/** Everything a room page loads before it shows the room. */
export interface LoadedRoom {
  room: RoomInfo
  /** `comment_log`, newest first. */
  commentLog: CommentEntry[]
  /** `streaming_url_list`; empty off air. */
  streams: StreamOption[]
  telop: string
  welcome: string
  banners: Banner[]
  recommended: RecommendedComment[]
  /** SPEC §3 mute info: who this viewer muted in this room during this browser session. */
  muted: MutedUser[]
  /** `gift_log`, newest first. */
  giftLog: GiftLogEntry[]
  /** SPEC §9: gift sounds are on unless the viewer turned them off (remembered). */
  giftSound: boolean
  /** The event the room is in now, and its place there; null when none (or not known). */
  event: EventStanding | null
  /** The OBS live's video had stopped reaching the site when the room loaded (live_info). */
  interrupted?: boolean
}

/** A gift on the stage over the video, until it leaves. */
export interface StageGift {
  key: number
  gift: GiftLogEntry
}

/** How long a gift stays on the stage, and how many stand there at once. */
export const STAGE_MS = 5000
export const STAGE_MAX = 8
/** Gift log entries kept in a room. */
export const GIFT_LOG_MAX = 100
/** SPEC §9: the gift sound plays at the sound-effect volume (100) × 0.5. */
export const GIFT_SOUND_VOLUME = 0.5

/** A user muted from the comment list; the name is kept so the viewer can find them to unmute. */
export interface MutedUser {
  userId: number
  name: string
}

export interface FollowResult {
  isFollowing: boolean
  followerNum: number
}

/** The room an ended live moves on to. */
export interface NextRoom {
  roomUrlKey: string
  mainName: string
}
