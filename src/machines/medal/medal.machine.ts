import { assign, fromPromise, setup } from 'xstate'
import type { MedalSlot, Medal } from '../../contract/medal.ts'
import { notProvided } from '../not-provided.ts'

/** A medal page's content: whose medals, those earned, and the whole catalogue. */
export interface MedalsData {
  owner: 'room' | 'user'
  name: string
  medals: Medal[]
  catalogue: MedalSlot[]
}

export interface MedalInput {
  /** The owner's room's medals (`/room/medal`) or the caller's own (`/user/medal`). */
  owner: 'room' | 'user'
  /** The caller's own room's URL key ('' for none); used for the room's medals. */
  roomUrlKey: string
}

export interface MedalContext extends MedalInput {
  data: MedalsData | null
}

const medalSetup = setup({
  types: {
    context: {} as MedalContext,
    events: {} as { type: 'medals.retry' },
    input: {} as MedalInput,
  },
  actors: {
    /** The medals; null when a room's are asked by a caller without a room. */
    loadMedals: fromPromise<MedalsData | null, MedalInput>(notProvided('loadMedals')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, data: MedalsData | null) => ({ data })),
  },
  guards: {
    hasNoRoom: (_, data: MedalsData | null) => data === null,
  },
})

/**
 * A medal page (`/room/medal`, `/user/medal`): the catalogue with what was earned, loaded once;
 * a failure can be retried, and a caller without a room is told so on the room's page.
 */
export const medalMachine = medalSetup.createMachine({
  id: 'medal',
  context: ({ input }) => ({ ...input, data: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMedals',
        src: 'loadMedals',
        input: ({ context }) => ({ owner: context.owner, roomUrlKey: context.roomUrlKey }),
        onDone: [
          { guard: { type: 'hasNoRoom', params: ({ event }) => event.output }, target: 'noRoom' },
          {
            target: 'shown',
            actions: { type: 'store', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {},
    failed: {
      description: 'The medals could not be loaded; the caller can try again.',
      on: { 'medals.retry': 'loading' },
    },
    noRoom: { description: 'The caller owns no room: it has no medals.', type: 'final' },
  },
})
