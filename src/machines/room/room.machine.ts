import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate'
import { failureOf } from '../../domain/api-failure.ts'
import type { CommentEntry } from '../../domain/comments.ts'
import { commentStreamMachine } from '../comment-stream/comment-stream.machine.ts'
import { playerMachine, type StreamOption } from '../player/player.machine.ts'

/** SPEC.md §9: seconds before an ended room moves on to another room on air. */
export const ROOM_TRANSITION_SECONDS = 60

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
  isOwner: boolean
}

export interface LoadedRoom {
  room: RoomInfo
  commentLog: CommentEntry[]
  /** `streaming_url_list`; empty off air. */
  streams: StreamOption[]
}

export interface RoomContext {
  roomUrlKey: string
  userId: number | null
  room: RoomInfo | null
  commentLog: CommentEntry[]
  streams: StreamOption[]
  viewers: number | null
  /** What the viewer is typing; kept when sending fails. */
  draft: string
  notFound: boolean
  /** After the live ends: the next room on air and the seconds left before going there. */
  next: { roomUrlKey: string; mainName: string } | null
  countdown: number
}

export type RoomEvent =
  | { type: 'draft.change'; text: string }
  | { type: 'comment.submit' }
  | { type: 'push.comment'; comment: CommentEntry }
  | { type: 'push.liveEnd' }
  | { type: 'push.connected'; reconnected: boolean }
  | { type: 'push.disconnected' }
  | { type: 'polling.result'; viewers: number | null; liveEnd: boolean }
  | { type: 'room.retry' }
  | { type: 'transition.go' }
  | { type: 'transition.cancel' }

const notProvided = (name: string) => () => {
  throw new Error(`${name} is provided in src/compose.ts`)
}

/** One visit to a room: loads it, then runs the comment stream, push socket and polling. */
export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as { roomUrlKey: string; userId: number | null },
  },
  actors: {
    loadRoom: fromPromise<LoadedRoom, { roomUrlKey: string }>(notProvided('loadRoom')),
    pushSocket: fromCallback<EventObject, { key: string }>(notProvided('pushSocket')),
    polling: fromCallback<EventObject, { roomId: number }>(notProvided('polling')),
    postComment: fromPromise<unknown, { liveId: number; text: string }>(notProvided('postComment')),
    findNextRoom: fromPromise<
      { roomUrlKey: string; mainName: string } | null,
      { roomUrlKey: string }
    >(notProvided('findNextRoom')),
    commentStream: commentStreamMachine,
    player: playerMachine,
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    /** SPEC.md §8: a comment from a user without SMS authentication opens the SMS modal. */
    openSmsAuth: () => {},
    goToRoom: (_, _params: { roomUrlKey: string }) => {},
    setNext: assign((_, next: { roomUrlKey: string; mainName: string }) => ({
      next,
      countdown: ROOM_TRANSITION_SECONDS,
    })),
    tick: assign(({ context }) => ({ countdown: Math.max(0, context.countdown - 1) })),
    store: assign((_, loaded: LoadedRoom) => ({
      room: loaded.room,
      commentLog: loaded.commentLog,
      streams: loaded.streams,
    })),
    markNotFound: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { notFound: failure.kind === 'server' && failure.status === 404 }
    }),
    setDraft: assign(({ event }) => (event.type === 'draft.change' ? { draft: event.text } : {})),
    clearDraft: assign({ draft: '' }),
    setViewers: assign(({ event }) =>
      event.type === 'polling.result' ? { viewers: event.viewers } : {},
    ),
    forwardComment: sendTo('comments', ({ event }) =>
      event.type === 'push.comment'
        ? { type: 'comment.received' as const, comment: event.comment }
        : { type: 'comments.jump' as const },
    ),
  },
  delays: {
    second: 1000,
  },
  guards: {
    isOnAir: (_, loaded: LoadedRoom) => loaded.room.isLive,
    hasNext: (_, next: { roomUrlKey: string } | null) => next !== null,
    isLastSecond: ({ context }) => context.countdown <= 1,
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isLiveEnd: ({ event }) => event.type === 'polling.result' && event.liveEnd,
    needsSmsAuth: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.errorType === 'SMS_NOT_AUTHENTICATED'
    },
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    userId: input.userId,
    room: null,
    commentLog: [],
    streams: [],
    viewers: null,
    draft: '',
    notFound: false,
    next: null,
    countdown: ROOM_TRANSITION_SECONDS,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          {
            guard: { type: 'isOnAir', params: ({ event }) => event.output },
            target: 'live',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          { target: 'offAir', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: [
            { type: 'markNotFound', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    live: {
      type: 'parallel',
      invoke: [
        {
          id: 'comments',
          src: 'commentStream',
          input: ({ context }) => ({
            isOwner: context.room?.isOwner ?? false,
            userId: context.userId,
            // comment_log is newest first; the stream wants oldest first.
            initial: [...context.commentLog].reverse(),
          }),
        },
        {
          id: 'player',
          src: 'player',
          input: ({ context }) => ({ streams: context.streams }),
        },
        {
          id: 'push',
          src: 'pushSocket',
          input: ({ context }) => ({ key: context.room?.broadcastKey ?? '' }),
        },
        {
          id: 'polling',
          src: 'polling',
          input: ({ context }) => ({ roomId: context.room?.roomId ?? 0 }),
        },
      ],
      on: {
        'push.comment': { actions: 'forwardComment' },
        'push.liveEnd': { target: 'ended', description: 'The push socket said t:101.' },
        'polling.result': [
          { guard: 'isLiveEnd', target: 'ended', description: 'Polling answered live_end.' },
          { actions: 'setViewers' },
        ],
        'draft.change': { actions: 'setDraft' },
      },
      states: {
        composer: {
          initial: 'idle',
          states: {
            idle: { on: { 'comment.submit': { guard: 'hasDraft', target: 'sending' } } },
            sending: {
              invoke: {
                id: 'postComment',
                src: 'postComment',
                input: ({ context }) => ({
                  liveId: context.room?.liveId ?? 0,
                  text: context.draft.trim(),
                }),
                onDone: {
                  target: 'idle',
                  actions: 'clearDraft',
                  description: 'The comment comes back through the socket.',
                },
                onError: [
                  {
                    guard: {
                      type: 'needsSmsAuth',
                      params: ({ event }) => ({ error: event.error }),
                    },
                    target: 'idle',
                    actions: 'openSmsAuth',
                    description:
                      'SMS_NOT_AUTHENTICATED: the SMS modal instead of a toast; the text stays.',
                  },
                  {
                    target: 'idle',
                    actions: {
                      type: 'reportError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                ],
              },
            },
          },
        },
      },
    },
    offAir: {},
    ended: {
      description: 'SPEC §9: after the live, a 60 s countdown to another room on air.',
      initial: 'findingNext',
      states: {
        findingNext: {
          invoke: {
            id: 'findNextRoom',
            src: 'findNextRoom',
            input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
            onDone: [
              {
                guard: { type: 'hasNext', params: ({ event }) => event.output },
                target: 'countingDown',
                actions: {
                  type: 'setNext',
                  params: ({ event }) => event.output ?? { roomUrlKey: '', mainName: '' },
                },
              },
              { target: 'noNext' },
            ],
            onError: 'noNext',
          },
        },
        countingDown: {
          after: {
            second: [
              {
                guard: 'isLastSecond',
                target: 'leaving',
                actions: {
                  type: 'goToRoom',
                  params: ({ context }) => ({ roomUrlKey: context.next?.roomUrlKey ?? '' }),
                },
              },
              { target: 'countingDown', reenter: true, actions: 'tick' },
            ],
          },
          on: {
            'transition.go': {
              target: 'leaving',
              actions: {
                type: 'goToRoom',
                params: ({ context }) => ({ roomUrlKey: context.next?.roomUrlKey ?? '' }),
              },
            },
            'transition.cancel': {
              target: 'noNext',
              description: 'The viewer stays on the ended room.',
            },
          },
        },
        leaving: {},
        noNext: {},
      },
    },
    failed: { on: { 'room.retry': 'loading' } },
  },
})
