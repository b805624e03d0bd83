import type { ActorRefFrom } from 'xstate'
import type { giftMachine } from '../../machines/gift/gift.machine.ts'
import type { commentStreamMachine } from '../../machines/comment-stream/comment-stream.machine.ts'
import type { reportMachine } from '../../machines/report/report.machine.ts'
import type { roomMachine } from '../../machines/room/room.machine.ts'
import type { welcomeEditorMachine } from '../../machines/welcome-editor/welcome-editor.machine.ts'

export type RoomActor = ActorRefFrom<typeof roomMachine>
export type CommentsActor = ActorRefFrom<typeof commentStreamMachine>
export type ReportActor = ActorRefFrom<typeof reportMachine>
export type WelcomeActor = ActorRefFrom<typeof welcomeEditorMachine>
export type GiftActor = ActorRefFrom<typeof giftMachine>
