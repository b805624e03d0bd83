import type { ActorRefFrom } from 'xstate'
import type { RoomAnimationMachines } from '../../compose/room-animations.ts'
import type { giftMachine } from '../../machines/gift/gift.machine.ts'
import type { greetingMachine } from '../../machines/greeting/greeting.machine.ts'
import type { ingestStatusMachine } from '../../machines/ingest-status/ingest-status.machine.ts'
import type { liveTagsMachine } from '../../machines/live-tags/live-tags.machine.ts'
import type { liverThemeMachine } from '../../machines/liver-theme/liver-theme.machine.ts'
import type { nextLiveMachine } from '../../machines/next-live/next-live.machine.ts'
import type { partyChannelsMachine } from '../../machines/party/party-channels.machine.ts'
import type { roomNoticeMachine } from '../../machines/room-notice/room-notice.machine.ts'
import type { commentStreamMachine } from '../../machines/comment-stream/comment-stream.machine.ts'
import type { reportMachine } from '../../machines/report/report.machine.ts'
import type { roomOnAirMachine } from '../../machines/room/room-visit.machine.ts'
import type { welcomeEditorMachine } from '../../machines/welcome-editor/welcome-editor.machine.ts'

/** A loaded room (on air or off air: one machine, two starting states), as the room views read it. */
export type RoomActor = ActorRefFrom<typeof roomOnAirMachine>
export type CommentsActor = ActorRefFrom<typeof commentStreamMachine>
export type ReportActor = ActorRefFrom<typeof reportMachine>
export type WelcomeActor = ActorRefFrom<typeof welcomeEditorMachine>
export type GiftActor = ActorRefFrom<typeof giftMachine>

/** The room page's side machines besides the visit: each started by the part of the page it serves. */
export interface RoomSideLogic {
  animations: RoomAnimationMachines['animations']
  nextLive: typeof nextLiveMachine
  liveTags: typeof liveTagsMachine
  greeting: typeof greetingMachine
  /** What the media host receives, in the owner's broadcaster menu (issue #38). */
  ingestStatus: typeof ingestStatusMachine
  roomNotice: typeof roomNoticeMachine
  liverTheme: typeof liverThemeMachine
  partyChannels: typeof partyChannelsMachine
}
