import type { CommentEntry, PushEvent } from '../../domain/comments.ts'
import type { EventStanding } from '../../domain/events.ts'
import type { GiftLogEntry, VoteResult } from '../../domain/gifts.ts'
import type {
  Banner,
  FollowResult,
  LoadedRoom,
  MutedUser,
  NextRoom,
  RecommendedComment,
  RoomInfo,
  StageGift,
  StreamOption,
} from '../../domain/room.ts'
import type { GiftReport } from '../gift/gift.machine.ts'
import type { MissionEmitted } from '../mission/mission.machine.ts'
import type { ReportTarget } from '../report/report.machine.ts'

export interface RoomInput {
  roomUrlKey: string
  userId: number | null
}

/** The visit while its room loads, or after it failed to. */
export interface RoomContext {
  roomUrlKey: string
  userId: number | null
  notFound: boolean
}

/** A room loading, or a failed load tried again; the loaded room's own events go to the visit. */
export type RoomEvent =
  | { type: 'xstate.done.actor.loadRoom'; output: LoadedRoom }
  | { type: 'xstate.error.actor.loadRoom'; error: unknown }
  | { type: 'room.retry' }

/** What a loaded visit starts from: the room as it loaded, never null. */
export interface VisitInput {
  roomUrlKey: string
  userId: number | null
  loaded: LoadedRoom
}

/** A loaded visit: the room is always there (the loading is the room machine's, before it). */
export interface VisitContext {
  roomUrlKey: string
  userId: number | null
  room: RoomInfo
  /** `comment_log` as loaded, newest first. */
  commentLog: CommentEntry[]
  streams: StreamOption[]
  telop: string
  /** The saved welcome comment the room opened with. */
  welcome: string
  banners: Banner[]
  recommended: RecommendedComment[]
  /** SPEC §3 mute info for this room and browser session. */
  muted: MutedUser[]
  /** The live's gifts, newest first (muted users' left out). */
  giftLog: GiftLogEntry[]
  /** Gifts over the video right now, oldest first. */
  stage: StageGift[]
  stageSeq: number
  giftSound: boolean
  /** The last vote's results, until the next vote opens. */
  voteResults: VoteResult[]
  /** A follow or unfollow is on its way (a second click waits for it). */
  followSaving: boolean
  viewers: number | null
  /** What the viewer is typing; kept when sending fails. */
  draft: string
  /** A liver theme's stamp on its way (issue #22): sent in place of the draft, which stays. */
  stamp: string | null
  /** After the live ends: the next room on air and the seconds left before going there. */
  next: NextRoom | null
  countdown: number
  /** The room's event and its place there (the badge); null when it is in none. */
  event: EventStanding | null
  /** The push socket: connecting at first, reconnecting after a loss. */
  push: 'connecting' | 'connected' | 'reconnecting'
  /** The OBS live's video stopped reaching the site (its encoder went away or stalled). */
  interrupted: boolean
}

export type VisitEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'comment.submit' }
  /** A tap on one of the room theme's stamps: sent as a comment, the typed text untouched. */
  | { type: 'comment.stamp'; text: string }
  | { type: 'recommended.use'; comment: string }
  | PushEvent
  | { type: 'polling.result'; viewers: number | null; liveEnd: boolean }
  | { type: 'polling.toast'; message: string }
  /** A comment, gift or watch completed a mission (the gift panel and polling tell it too). */
  | { type: 'mission.achieved' }
  /** The mission panel handed out free stars, gold or a background. */
  | MissionEmitted
  | { type: 'welcome.saved'; comment: string }
  | { type: 'follow.toggle' }
  | { type: 'xstate.done.actor.follow'; output: FollowResult }
  | { type: 'xstate.error.actor.follow'; error: unknown }
  | { type: 'user.mute'; userId: number; name: string }
  | { type: 'user.unmute'; userId: number }
  | { type: 'room.share' }
  | { type: 'stage.leave'; key: number }
  | { type: 'sound.toggle' }
  | GiftReport
  | { type: 'report.open'; target: ReportTarget }
  | { type: 'transition.go' }
  | { type: 'transition.cancel' }

/** The room the countdown leads to: set on the way into `countingDown`, read only there. */
export function nextRoom(context: Pick<VisitContext, 'next'>): NextRoom {
  if (!context.next) throw new Error('room machine: no next room outside the countdown')
  return context.next
}
