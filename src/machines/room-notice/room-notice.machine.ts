import { assign, fromPromise, setup } from 'xstate'
import type { PushSendAnswer, PushSendBody, PushSendStatus } from '../../contract/follow.ts'
import type { Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'
import { failures } from '../povo/failures.ts'

export interface RoomNoticeContext {
  roomId: number
  /** The follower's notices of the room are on, as the server last answered. */
  on: boolean
}

export type RoomNoticeEvent = { type: 'notice.toggle' }

/** `{ status }` for a follower; `{}` for anyone else. */
const isFollowerStatus = (s: PushSendStatus): s is { status: 0 | 1 } => 'status' in s

/**
 * A follower's notices of one room (issue #20): the bell beside the follow button. Its state is
 * the profile's `push_send_status`; `{}` (not following) hides it. A press asks the server to
 * turn the notices the other way (`/api/room/push_send_status`) and shows what it answered.
 */
export const roomNoticeMachine = setup({
  types: {
    context: {} as RoomNoticeContext,
    events: {} as RoomNoticeEvent,
    input: {} as { roomId: number },
  },
  actors: {
    loadStatus: fromPromise<PushSendStatus, { roomId: number }>(notProvided('loadStatus')),
    setStatus: fromPromise<PushSendAnswer, PushSendBody>(notProvided('setStatus')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    // Only a follower's status is stored (the guard let nothing else through).
    store: assign((_, s: PushSendStatus) => (isFollowerStatus(s) ? { on: s.status === 1 } : {})),
  },
  guards: {
    isFollower: (_, status: PushSendStatus) => isFollowerStatus(status),
    /** The server's 404: the viewer no longer follows the room (unfollowed in another tab). */
    isNotFollowing: (_, { error }: { error: unknown }) => failures.notFound(error),
  },
}).createMachine({
  id: 'roomNotice',
  context: ({ input }) => ({ roomId: input.roomId, on: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: [
          {
            guard: { type: 'isFollower', params: ({ event }) => event.output },
            target: 'shown',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          { target: 'hidden' },
        ],
        // A side control of the room page: without it the room works, so no error is shown.
        onError: 'hidden',
      },
    },
    hidden: {},
    shown: {
      initial: 'idle',
      states: {
        idle: { on: { 'notice.toggle': 'switching' } },
        switching: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ room_id: context.roomId, status: context.on ? 0 : 1 }),
            onDone: [
              {
                guard: {
                  type: 'isFollower',
                  params: ({ event }) => event.output.push_send_status,
                },
                target: 'idle',
                actions: [
                  { type: 'store', params: ({ event }) => event.output.push_send_status },
                  {
                    type: 'notify',
                    params: ({ context }) => ({
                      tone: 'success',
                      key: context.on ? 'room.noticeOn' : 'room.noticeOff',
                    }),
                  },
                ],
              },
              {
                target: '#roomNotice.hidden',
                description: 'No longer following (`{}`): the bell goes.',
              },
            ],
            onError: [
              {
                guard: { type: 'isNotFollowing', params: ({ event }) => ({ error: event.error }) },
                target: '#roomNotice.hidden',
                description: 'Unfollowed elsewhere: there are no notices to turn, the bell goes.',
              },
              {
                target: 'idle',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
  },
})
