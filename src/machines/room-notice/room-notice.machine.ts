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

export type RoomNoticeEvent =
  { type: 'notice.toggle' } | { type: 'device.accept' } | { type: 'device.dismiss' }

/** What asking this device for notifications came to (effects/web-push.ts). */
export type DeviceSubscribeResult = 'subscribed' | 'blocked'

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
    /** Whether to offer notifications on this device (issue #41): none without Web Push. */
    checkDeviceOffer: fromPromise<boolean>(notProvided('checkDeviceOffer')),
    subscribeDevice: fromPromise<DeviceSubscribeResult>(notProvided('subscribeDevice')),
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
    isFollowerOn: (_, status: PushSendStatus) => isFollowerStatus(status) && status.status === 1,
    isTrue: (_, value: boolean) => value,
    isBlocked: (_, result: DeviceSubscribeResult) => result === 'blocked',
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
        checkingDevice: {
          invoke: {
            id: 'checkDeviceOffer',
            src: 'checkDeviceOffer',
            onDone: [
              {
                guard: { type: 'isTrue', params: ({ event }) => event.output },
                target: 'offering',
              },
              {
                target: 'idle',
                description:
                  'No offer: no Web Push here, the browser refuses notifications, or this device takes them already.',
              },
            ],
            onError: 'idle',
          },
        },
        offering: {
          description: 'Asks whether this device should show the notices as notifications.',
          on: {
            'device.accept': 'subscribing',
            'device.dismiss': 'idle',
            'notice.toggle': 'switching',
          },
        },
        subscribing: {
          invoke: {
            id: 'subscribeDevice',
            src: 'subscribeDevice',
            onDone: [
              {
                guard: { type: 'isBlocked', params: ({ event }) => event.output },
                target: 'idle',
                actions: {
                  type: 'notify',
                  params: { tone: 'error', key: 'room.deviceBlocked' } as const,
                },
              },
              {
                target: 'idle',
                actions: {
                  type: 'notify',
                  params: { tone: 'success', key: 'room.deviceSubscribed' } as const,
                },
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        switching: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: ({ context }) => ({ room_id: context.roomId, status: context.on ? 0 : 1 }),
            onDone: [
              {
                guard: {
                  type: 'isFollowerOn',
                  params: ({ event }) => event.output.push_send_status,
                },
                target: 'checkingDevice',
                description: 'Turned on: this device may be offered the notifications too.',
                actions: [
                  { type: 'store', params: ({ event }) => event.output.push_send_status },
                  { type: 'notify', params: { tone: 'success', key: 'room.noticeOn' } as const },
                ],
              },
              {
                guard: {
                  type: 'isFollower',
                  params: ({ event }) => event.output.push_send_status,
                },
                target: 'idle',
                actions: [
                  { type: 'store', params: ({ event }) => event.output.push_send_status },
                  { type: 'notify', params: { tone: 'success', key: 'room.noticeOff' } as const },
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
