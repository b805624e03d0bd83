import {
  assertEvent,
  assign,
  raise,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  spawnChild,
  type EventObject,
} from 'xstate'
import type { Notice } from '../../domain/api-failure.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { LOG_TARGET, commentProblem, type CommentEntry } from '../../domain/comments.ts'
import {
  ROOM_TRANSITION_SECONDS,
  type FollowResult,
  type MutedUser,
  GIFT_LOG_MAX,
  STAGE_MAX,
  STAGE_MS,
  type NextRoom,
} from '../../domain/room.ts'
import { commentStreamMachine } from '../comment-stream/comment-stream.machine.ts'
import { giftMachine } from '../gift/gift.machine.ts'
import { roomMissionMachine } from './room.mission.ts'
import { playerMachine } from '../player/player.machine.ts'
import { pollingMachine } from '../polling/polling.machine.ts'
import { reportMachine } from '../report/report.machine.ts'
import { welcomeEditorMachine } from '../welcome-editor/welcome-editor.machine.ts'
import { notProvided } from '../not-provided.ts'
import type { VisitContext, VisitEvent, VisitInput } from './room.types.ts'

export { ROOM_TRANSITION_SECONDS }
export { nextRoom } from './room.types.ts'
export type { VisitContext, VisitEvent, VisitInput } from './room.types.ts'

/**
 * A loaded visit's effects, actions and guards; its states are in room-visit.machine.ts (the
 * loading before it, in room.machine.ts).
 */
export const roomSetup = setup({
  types: {
    context: {} as VisitContext,
    events: {} as VisitEvent,
    input: {} as VisitInput,
    /** The children a loaded room runs, by id: views read them typed, with no casts. */
    children: {} as {
      comments: 'commentStream'
      player: 'player'
      push: 'pushSocket'
      report: 'report'
      polling: 'polling'
      gift: 'gift'
      mission: 'mission'
      welcome: 'welcomeEditor'
      follow: 'setFollow'
      postComment: 'postComment'
      findNextRoom: 'findNextRoom'
    },
  },
  actors: {
    pushSocket: fromCallback<
      EventObject,
      { key: string; ownerKey: string; roomId: number; initial: readonly CommentEntry[] }
    >(notProvided('pushSocket')),
    polling: pollingMachine,
    report: reportMachine,
    welcomeEditor: welcomeEditorMachine,
    setFollow: fromPromise<FollowResult, { roomId: number; follow: boolean }>(
      notProvided('setFollow'),
    ),
    /** Posts a comment; answers the text it sent and whether it completed a mission. */
    postComment: fromPromise<
      { text: string; missionAchieved: boolean },
      { liveId: number; text: string }
    >(notProvided('postComment')),
    findNextRoom: fromPromise<NextRoom | null, { roomUrlKey: string }>(notProvided('findNextRoom')),
    commentStream: commentStreamMachine,
    gift: giftMachine,
    mission: roomMissionMachine,
    player: playerMachine,
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    notify: (_, _notice: Notice) => {},
    /** Following needs an account: the login modal opens. */
    requireLogin: () => {},
    /** SPEC.md §8: a comment from a user without SMS authentication opens the SMS modal. */
    openSmsAuth: () => {},
    goToRoom: (_, _params: { roomUrlKey: string }) => {},
    /** The system share sheet, or the link copied with a toast. */
    share: (_, _params: { roomUrlKey: string; title: string }) => {},
    /** SPEC §9: the gift sound at the effect volume × 0.5. */
    playGiftSound: () => {},
    /** Remembers the gift sound setting. */
    saveGiftSound: (_, _params: { on: boolean }) => {},
    reloadGifts: sendTo('gift', { type: 'gift.reload' as const }),
    /** Loads the current user again (a mission's reward changed the gold or free stars). */
    refreshUser: () => {},
    /** Something completed a mission: the panel loads its lists again. */
    forwardAchieved: sendTo('mission', { type: 'mission.achieved' as const }),
    setVoteResults: assign(({ event }) => {
      assertEvent(event, ['push.voteEnded', 'push.voteStarted'])
      return { voteResults: event.type === 'push.voteEnded' ? event.results : [] }
    }),
    toggleSound: assign(({ context }) => ({ giftSound: !context.giftSound })),
    addGift: assign(({ context, event }) => {
      assertEvent(event, 'push.gift')
      const key = context.stageSeq + 1
      return {
        giftLog: [event.gift, ...context.giftLog].slice(0, GIFT_LOG_MAX),
        stage: [...context.stage, { key, gift: event.gift }].slice(-STAGE_MAX),
        stageSeq: key,
      }
    }),
    leaveStage: assign(({ context, event }) => {
      assertEvent(event, 'stage.leave')
      return { stage: context.stage.filter((s) => s.key !== event.key) }
    }),
    scheduleLeave: raise(
      ({ context }) => ({ type: 'stage.leave' as const, key: context.stageSeq }),
      {
        delay: STAGE_MS,
      },
    ),
    /** A system log from the push socket; the comment stream decides who sees it (SPEC §4). */
    forwardLog: sendTo('comments', ({ event }) => {
      assertEvent(event, 'push.log')
      return { type: 'log.received' as const, log: event.log }
    }),
    /** A self-only log from the gift panel (SPEC §4), into the comment list. */
    forwardSelfLog: sendTo('comments', ({ context, event }) => {
      assertEvent(event, 'gift.selfLog')
      return {
        type: 'log.received' as const,
        log: {
          id: `self-${context.stageSeq}-${event.text}`,
          targetType: LOG_TARGET.self,
          userId: context.userId,
          text: event.text,
        },
      }
    }),
    /** Keeps the mute list for the rest of the browser session (SPEC §3 mute info). */
    saveMutes: (_, _params: { roomId: number; muted: MutedUser[] }) => {},
    addMute: assign(({ context, event }) => {
      assertEvent(event, 'user.mute')
      return context.muted.some((m) => m.userId === event.userId)
        ? {}
        : { muted: [...context.muted, { userId: event.userId, name: event.name }] }
    }),
    dropMutedGifts: assign(({ context }) => ({
      giftLog: context.giftLog.filter((g) => !context.muted.some((m) => m.userId === g.user_id)),
      stage: context.stage.filter((s) => !context.muted.some((m) => m.userId === s.gift.user_id)),
    })),
    removeMute: assign(({ context, event }) => {
      assertEvent(event, 'user.unmute')
      return { muted: context.muted.filter((m) => m.userId !== event.userId) }
    }),
    setNext: assign((_, next: NextRoom | null) => ({ next, countdown: ROOM_TRANSITION_SECONDS })),
    tick: assign(({ context }) => ({ countdown: Math.max(0, context.countdown - 1) })),
    /** A gift moved the room in its event (t:203): the badge follows. */
    setEventStanding: assign(({ event }) => {
      assertEvent(event, 'push.eventStanding')
      return { event: event.standing }
    }),
    setTelop: assign(({ event }) => {
      assertEvent(event, 'push.telop')
      return { telop: event.telop }
    }),
    setInterrupted: assign(({ event }) => {
      assertEvent(event, 'push.interrupted')
      return { interrupted: event.interrupted }
    }),
    startFollow: spawnChild('setFollow', {
      id: 'follow',
      input: ({ context }) => ({ roomId: context.room.roomId, follow: !context.room.isFollowing }),
    }),
    markFollowSaving: assign({ followSaving: true }),
    setFollow: assign(({ context }, result: FollowResult) => ({
      followSaving: false,
      room: {
        ...context.room,
        isFollowing: result.isFollowing,
        followerNum: result.followerNum,
      },
    })),
    followFailed: assign({ followSaving: false }),
    useRecommended: assign(({ event }) => {
      assertEvent(event, 'recommended.use')
      return { draft: event.comment }
    }),
    forwardMute: sendTo('comments', ({ event }) => {
      assertEvent(event, ['user.mute', 'user.unmute'])
      return { type: event.type, userId: event.userId }
    }),
    /** The welcome comment as it stands: pinned on top of the list, or cleared when empty. */
    forwardWelcome: sendTo('comments', (_, params: { comment: string }) => ({
      type: 'welcome.received' as const,
      welcome: { comment: params.comment, isPinned: true },
    })),
    pollNow: sendTo('polling', { type: 'polling.now' as const }),
    markConnected: assign({ push: 'connected' as const }),
    markReconnecting: assign({ push: 'reconnecting' as const }),
    forwardReport: sendTo('report', ({ event }) => {
      assertEvent(event, 'report.open')
      return { type: 'report.open' as const, target: event.target }
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change')
      return { draft: event.text }
    }),
    /**
     * After a comment went out: the box empties — unless the viewer has typed something else
     * while it was on its way, which stays.
     */
    clearSentDraft: assign(({ context }, sent: string) =>
      context.stamp === null && context.draft.trim() === sent ? { draft: '' } : {},
    ),
    setStamp: assign(({ event }) => {
      assertEvent(event, 'comment.stamp')
      return { stamp: event.text }
    }),
    clearStamp: assign({ stamp: null }),
    setViewers: assign(({ event }) => {
      assertEvent(event, 'polling.result')
      return { viewers: event.viewers }
    }),
    forwardComments: sendTo('comments', ({ event }) => {
      assertEvent(event, 'push.comments')
      return { type: 'comments.received' as const, comments: event.comments }
    }),
  },
  delays: {
    second: 1000,
  },
  guards: {
    /** A standing of another event the room is also in: not the one its badge shows. */
    isOtherEvent: ({ context, event }) => {
      assertEvent(event, 'push.eventStanding')
      return context.event !== null && context.event.eventId !== event.standing.eventId
    },
    isMutedGift: ({ context, event }) => {
      assertEvent(event, 'push.gift')
      return context.muted.some((m) => m.userId === event.gift.user_id)
    },
    isSoundOn: ({ context }) => context.giftSound,
    hasNext: (_, next: NextRoom | null) => next !== null,
    isLastSecond: ({ context }) => context.countdown <= 1,
    /** The server's rule (trimmed, in characters): the box is refused here as it would be there. */
    isCommentTooLong: ({ context }) => commentProblem(context.draft) === 'tooLong',
    isCommentReady: ({ context }) => commentProblem(context.draft) === null,
    achievedMission: (_, sent: { missionAchieved: boolean }) => sent.missionAchieved,
    isAnonymous: ({ context }) => context.userId === null,
    isFollowSaving: ({ context }) => context.followSaving,
    isReconnect: ({ event }) => {
      assertEvent(event, 'push.connected')
      return event.reconnected
    },
    isLiveEnd: ({ event }) => {
      assertEvent(event, 'polling.result')
      return event.liveEnd
    },
    needsSmsAuth: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.errorType === 'SMS_NOT_AUTHENTICATED'
    },
  },
})

/** A visit's context at its start: the room as loaded (muted users' gifts left out of the log). */
export function visitContext({ roomUrlKey, userId, loaded }: VisitInput): VisitContext {
  return {
    roomUrlKey,
    userId,
    room: loaded.room,
    commentLog: loaded.commentLog,
    streams: loaded.streams,
    telop: loaded.telop,
    welcome: loaded.welcome,
    banners: loaded.banners,
    recommended: loaded.recommended,
    muted: loaded.muted,
    giftLog: loaded.giftLog.filter((g) => !loaded.muted.some((m) => m.userId === g.user_id)),
    stage: [],
    stageSeq: 0,
    giftSound: loaded.giftSound,
    voteResults: [],
    followSaving: false,
    viewers: null,
    draft: '',
    stamp: null,
    next: null,
    countdown: ROOM_TRANSITION_SECONDS,
    event: loaded.event,
    push: 'connecting',
    interrupted: loaded.interrupted ?? false,
  }
}
