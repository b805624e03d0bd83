import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureOf } from '../../domain/api-failure.ts'
import type { LoadedRoom } from '../../domain/room.ts'
import { notProvided } from '../not-provided.ts'
import { roomOffAirMachine, roomOnAirMachine } from './room-visit.machine.ts'
import type { RoomContext, RoomEvent, RoomInput, VisitInput } from './room.types.ts'

export { ROOM_TRANSITION_SECONDS } from './room.setup.ts'
export type { RoomContext, RoomEvent, VisitContext, VisitEvent } from './room.types.ts'

/** The loaded room, from the load that led here (the only way into `onAir` and `offAir`). */
const visitInput = ({ context, event }: { context: RoomContext; event: RoomEvent }): VisitInput => {
  assertEvent(event, 'xstate.done.actor.loadRoom')
  return { roomUrlKey: context.roomUrlKey, userId: context.userId, loaded: event.output }
}

/**
 * One visit to a room: loads it, then runs the loaded room as its child `visit`
 * (room-visit.machine.ts), on air or off air, whose room is never null; a failed load can be
 * tried again.
 */
export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as RoomInput,
    /** Views read the loaded room through `visit`, typed, with no casts. */
    children: {} as { loadRoom: 'loadRoom'; visit: 'onAirVisit' | 'offAirVisit' },
  },
  actors: {
    loadRoom: fromPromise<LoadedRoom, { roomUrlKey: string }>(notProvided('loadRoom')),
    onAirVisit: roomOnAirMachine,
    offAirVisit: roomOffAirMachine,
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    markNotFound: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { notFound: failure.kind === 'server' && failure.status === 404 }
    }),
  },
  guards: {
    isOnAir: (_, loaded: LoadedRoom) => loaded.room.isLive,
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({ roomUrlKey: input.roomUrlKey, userId: input.userId, notFound: false }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRoom',
        src: 'loadRoom',
        input: ({ context }) => ({ roomUrlKey: context.roomUrlKey }),
        onDone: [
          { guard: { type: 'isOnAir', params: ({ event }) => event.output }, target: 'onAir' },
          { target: 'offAir' },
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
    onAir: { invoke: { id: 'visit', src: 'onAirVisit', input: visitInput } },
    offAir: { invoke: { id: 'visit', src: 'offAirVisit', input: visitInput } },
    failed: { on: { 'room.retry': 'loading' } },
  },
})
