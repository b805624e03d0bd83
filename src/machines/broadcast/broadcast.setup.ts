import {
  assertEvent,
  assign,
  cancel,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  sendTo,
  setup,
  spawnChild,
  type EventObject,
} from 'xstate'
import type { CommentEntry } from '../../domain/comments.ts'
import { isStreamingAllowed, remainingSeconds, streamingWindow } from '../../domain/regulation.ts'
import { GIFT_LOG_MAX } from '../../domain/room.ts'
import { commentStreamMachine } from '../comment-stream/comment-stream.machine.ts'
import { notProvided } from '../not-provided.ts'
import { pollingMachine } from '../polling/polling.machine.ts'
import { regulationMachine } from '../regulation/regulation.machine.ts'
import {
  ATTEMPTS_CAP,
  DISCONNECTED_GRACE_MS,
  END_CONFIRM_MS,
  LIVE_RESOLVE_RETRY_MS,
  LIVE_RESOLVE_TRIES,
  RECONNECT_GIVE_UP_MS,
  WINDOW_END_MARGIN_S,
  isFinalRefusal,
  problemOf,
  reconnectDelayMs,
} from './broadcast.rules.ts'
import type {
  BroadcastContext,
  BroadcastEvent,
  BroadcastInput,
  BroadcastProblem,
  BroadcastRoom,
  Capture,
  EndReason,
  Facing,
  LiveSession,
  PublishCommand,
  PublishInput,
  WhipCredentials,
} from './broadcast.types.ts'

/** The room as loaded: only states after the load read it (a defect otherwise). */
export function loadedRoom(context: Pick<BroadcastContext, 'room'>): BroadcastRoom {
  if (!context.room) throw new Error('broadcast machine: no room before it loaded')
  return context.room
}

/** The video that goes out: the camera, unless it is off or the page is in the background. */
/** A live's part of the context before any live: at the start, and again for the next one. */
export const freshLive = () =>
  ({
    live: null,
    credentials: null,
    viewers: null,
    gifts: [],
    stats: null,
    problem: null,
    endReason: null,
    attempts: 0,
    interrupted: false,
  }) satisfies Partial<BroadcastContext>

export const sendsVideo = (c: Pick<BroadcastContext, 'cameraOn' | 'hidden'>) =>
  c.cameraOn && !c.hidden

const publishInput = ({ context }: { context: BroadcastContext }): PublishInput => {
  if (!context.credentials || !context.capture)
    throw new Error('broadcast machine: a sender needs the key and the camera')
  return {
    credentials: context.credentials,
    capture: context.capture,
    sendVideo: sendsVideo(context),
  }
}

/** The broadcast page's effects, actions and guards; its states are in broadcast.machine.ts. */
export const broadcastSetup = setup({
  types: {
    context: {} as BroadcastContext,
    events: {} as BroadcastEvent,
    input: {} as BroadcastInput,
    children: {} as {
      loadRoom: 'loadRoom'
      acquire: 'acquire'
      recapture: 'recapture'
      loadCredentials: 'loadCredentials'
      loadLive: 'loadLive'
      endLive: 'endLive'
      publish: 'publish'
      page: 'pageWatch'
      keeper: 'captureKeeper'
      clock: 'clock'
      wakeLock: 'wakeLock'
      regulation: 'regulation'
      push: 'pushSocket'
      comments: 'commentStream'
      polling: 'polling'
    },
  },
  actors: {
    loadRoom: fromPromise<BroadcastRoom, { roomUrlKey: string }>(notProvided('loadRoom')),
    /** Opens the camera and microphone (getUserMedia). */
    acquire: fromPromise<Capture, { facing: Facing }>(notProvided('acquire')),
    /** Opens the other camera, or again what the background stopped; answers the capture. */
    recapture: fromPromise<Capture, { capture: Capture; facing: Facing }>(notProvided('recapture')),
    loadCredentials: fromPromise<WhipCredentials, { roomId: number }>(
      notProvided('loadCredentials'),
    ),
    /** The room's status after a 201: its live, or null while it shows none. */
    loadLive: fromPromise<LiveSession | null, { roomUrlKey: string }>(notProvided('loadLive')),
    endLive: fromPromise<unknown, { roomId: number; liveId: number }>(notProvided('endLive')),
    /** One WebRTC session: offer, WHIP POST, stats; its end closes it and DELETEs the session. */
    publish: fromCallback<PublishCommand, PublishInput>(notProvided('publish')),
    /** The tab's visibility and the network's changes. */
    pageWatch: fromCallback<EventObject>(notProvided('pageWatch')),
    /** Stops every capture still open when the page goes. */
    captureKeeper: fromCallback<EventObject>(notProvided('captureKeeper')),
    clock: fromCallback<EventObject, { intervalMs: number }>(notProvided('clock')),
    /** The screen stays on while live (Screen Wake Lock, where the browser has it). */
    wakeLock: fromCallback<EventObject>(notProvided('wakeLock')),
    pushSocket: fromCallback<
      EventObject,
      { key: string; ownerKey: string; roomId: number; initial: readonly CommentEntry[] }
    >(notProvided('pushSocket')),
    commentStream: commentStreamMachine,
    polling: pollingMachine,
    regulation: regulationMachine,
  },
  actions: {
    /** Stops the capture's tracks (the camera light goes off). */
    stopCapture: (_, _params: { capture: Capture | null }) => {},
    setRoom: assign((_, room: BroadcastRoom) => ({ room })),
    startRegulation: spawnChild('regulation', {
      id: 'regulation',
      input: ({ context }) => ({ ...loadedRoom(context).flags, nowMs: context.nowMs }),
    }),
    setCapture: assign((_, capture: Capture) => ({ capture, facing: capture.facing })),
    /** The microphone as its toggle says (the audio track enabled or not). */
    syncMicrophone: (_, _params: { capture: Capture | null; on: boolean }) => {},
    /** The tracks to the sender, when one runs: the camera unless it is off or hidden. */
    sendTracks: enqueueActions(({ context, enqueue }) => {
      if (!context.capture || !context.publishing) return
      enqueue.sendTo('publish', {
        type: 'publish.tracks',
        capture: context.capture,
        sendVideo: sendsVideo(context),
      } satisfies PublishCommand)
    }),
    forgetCapture: assign({ capture: null }),
    startRecapture: enqueueActions(({ context, enqueue }, params: { facing: Facing }) => {
      if (!context.capture) return
      enqueue.assign({ recapturing: true, facing: params.facing })
      enqueue.spawnChild('recapture', {
        id: 'recapture',
        input: { capture: context.capture, facing: params.facing },
      })
    }),
    endRecapture: assign({ recapturing: false }),
    /** The camera came back as another than asked (the switch failed): said, not hidden. */
    noteSwitch: assign(({ context }, capture: Capture) =>
      capture.facing === context.facing ? {} : { problem: { kind: 'switchFailed' as const } },
    ),
    toggleMic: assign(({ context }) => ({ micOn: !context.micOn })),
    toggleCamera: assign(({ context }) => ({ cameraOn: !context.cameraOn })),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    tick: assign(({ event }) => {
      assertEvent(event, 'clock.tick')
      return { nowMs: event.nowMs }
    }),
    setProblem: assign((_, problem: BroadcastProblem) => ({ problem })),
    setProblemOf: assign((_, { error }: { error: unknown }) => ({ problem: problemOf(error) })),
    clearProblem: assign({ problem: null }),
    setCredentials: assign((_, credentials: WhipCredentials) => ({ credentials })),
    startPublish: enqueueActions(({ enqueue }) => {
      enqueue.spawnChild('publish', { id: 'publish', input: publishInput })
      enqueue.assign({ publishing: true })
    }),
    /** Ends the sender: its session is DELETEd and its connection closed. */
    stopPublish: enqueueActions(({ context, enqueue }) => {
      if (!context.publishing) return
      enqueue.stopChild('publish')
      enqueue.assign({ publishing: false, stats: null })
    }),
    setLive: assign((_, live: LiveSession | null) =>
      live ? { live, attempts: 0, interrupted: false } : {},
    ),
    countAttempt: assign(({ context }) => ({
      attempts: Math.min(ATTEMPTS_CAP, context.attempts + 1),
    })),
    resetAttempts: assign({ attempts: 0 }),
    endBy: assign((_, reason: EndReason) => ({ endReason: reason })),
    /** Fresh for another live from the same page. */
    resetLive: assign(() => freshLive()),
    addGift: assign(({ context, event }) => {
      assertEvent(event, 'push.gift')
      return { gifts: [event.gift, ...context.gifts].slice(0, GIFT_LOG_MAX) }
    }),
    setViewers: assign(({ event }) => {
      assertEvent(event, 'polling.result')
      return { viewers: event.viewers }
    }),
    setStats: assign(({ event }) => {
      assertEvent(event, 'stats.sampled')
      return { stats: event.stats }
    }),
    setInterrupted: assign(({ event }) => {
      assertEvent(event, 'push.interrupted')
      return { interrupted: event.interrupted }
    }),
    forwardComments: sendTo('comments', ({ event }) => {
      assertEvent(event, 'push.comments')
      return { type: 'comments.received' as const, comments: event.comments }
    }),
    pollNow: sendTo('polling', { type: 'polling.now' as const }),
    /** 'disconnected' may pass; if it lasts, `connection.lost` comes. */
    startLossTimer: raise({ type: 'connection.lost' }, { id: 'lossTimer', delay: 'lossGrace' }),
    cancelLossTimer: cancel('lossTimer'),
  },
  guards: {
    isOwner: (_, room: BroadcastRoom) => room.isOwner,
    hasRoom: ({ context }) => context.room !== null,
    hasCapture: ({ context }) => context.capture !== null,
    canRecapture: ({ context }) => context.capture !== null && !context.recapturing,
    isHidden: ({ context }) => context.hidden,
    /** SPEC §4: a minor outside their window may not start (the site refuses anyway). */
    isWindowOpen: ({ context }) => isStreamingAllowed(loadedRoom(context).flags, context.nowMs),
    hasLive: (_, live: LiveSession | null) => live !== null,
    isPublishing: ({ context }) => context.publishing,
    isPushReconnect: ({ event }) => {
      assertEvent(event, 'push.connected')
      return event.reconnected
    },
    mayAskAgain: ({ context }) => context.attempts < LIVE_RESOLVE_TRIES - 1,
    isFinalRefusal: ({ event }) => {
      assertEvent(event, 'whip.refused')
      return isFinalRefusal(event.status)
    },
    isLiveEnd: ({ event }) => {
      assertEvent(event, 'polling.result')
      return event.liveEnd
    },
    isWindowClosedAt: ({ context, event }) => {
      assertEvent(event, 'clock.tick')
      return !isStreamingAllowed(loadedRoom(context).flags, event.nowMs)
    },
    /** The window closes within a minute: a live the site ends now ends for the window. */
    isWindowEnding: ({ context }) => {
      const { flags } = loadedRoom(context)
      return (
        streamingWindow(flags) !== null &&
        remainingSeconds(flags, context.nowMs) <= WINDOW_END_MARGIN_S
      )
    },
  },
  delays: {
    lossGrace: DISCONNECTED_GRACE_MS,
    giveUp: RECONNECT_GIVE_UP_MS,
    backoff: ({ context }) => reconnectDelayMs(context.attempts),
    resolveRetry: LIVE_RESOLVE_RETRY_MS,
    confirmTimeout: END_CONFIRM_MS,
  },
})
