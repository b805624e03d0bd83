import { ended } from './room.ended.ts'
import { live } from './room.live.ts'
import { ROOM_TRANSITION_SECONDS, loadedRoom, roomSetup } from './room.setup.ts'

export { ROOM_TRANSITION_SECONDS, type RoomContext, type RoomEvent } from './room.setup.ts'

/**
 * One visit to a room: loads it, then, loaded, runs the live (room.live.ts) or shows the room off
 * air; after the live, counts down to the next room (room.ended.ts). Under `loaded` the room is
 * never null; what needs it reads it through `loadedRoom`.
 */
export const roomMachine = roomSetup.createMachine({
  id: 'room',
  context: ({ input }) => ({
    roomUrlKey: input.roomUrlKey,
    userId: input.userId,
    room: null,
    commentLog: [],
    streams: [],
    telop: '',
    banners: [],
    recommended: [],
    muted: [],
    giftLog: [],
    stage: [],
    stageSeq: 0,
    giftSound: true,
    voteResults: [],
    welcome: '',
    followSaving: false,
    viewers: null,
    draft: '',
    notFound: false,
    next: null,
    countdown: ROOM_TRANSITION_SECONDS,
    push: 'connecting',
    event: null,
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
            target: 'loaded.live',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          {
            target: 'loaded.offAir',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
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
    loaded: {
      description:
        'The room is in: following, sharing and the mission panel work on air, off air and after.',
      invoke: {
        id: 'mission',
        src: 'mission',
        input: ({ context }) => ({ roomId: loadedRoom(context).roomId }),
      },
      on: {
        'mission.achieved': {
          actions: [
            { type: 'notify', params: { tone: 'success', key: 'mission.achievedToast' } },
            'forwardAchieved',
          ],
          description: 'A comment, gift or watch completed a mission: a toast, the panel reloads.',
        },
        'mission.rewarded': {
          actions: 'refreshUser',
          description: "A mission's gift, gold or background: the user is fetched again.",
        },
        'follow.toggle': [
          { guard: 'isAnonymous', actions: 'requireLogin' },
          { guard: 'isFollowSaving', description: 'One follow change at a time.' },
          { actions: ['markFollowSaving', 'startFollow'] },
        ],
        'xstate.done.actor.follow': {
          actions: { type: 'setFollow', params: ({ event }) => event.output },
        },
        'xstate.error.actor.follow': {
          actions: [
            'followFailed',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
        'room.share': {
          actions: {
            type: 'share',
            params: ({ context }) => ({
              roomUrlKey: context.roomUrlKey,
              title: loadedRoom(context).mainName,
            }),
          },
        },
      },
      initial: 'offAir',
      states: { live, offAir: {}, ended },
    },
    failed: { on: { 'room.retry': 'loading' } },
  },
})
