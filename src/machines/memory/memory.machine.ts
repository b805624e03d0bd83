import { assign, fromPromise, setup } from 'xstate'
import type { RoomMemoryAnswer } from '../../contract/memory.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

export interface MemoryInput {
  year: number
  /** The room the address names (`?room=`); null: the caller's own room. */
  roomUrlKey: string | null
}

export interface MemoryContext extends MemoryInput {
  memory: RoomMemoryAnswer | null
}

const memorySetup = setup({
  types: {
    context: {} as MemoryContext,
    events: {} as { type: 'memory.retry' },
    input: {} as MemoryInput,
  },
  actors: {
    /** The room's year; null when no room is named and nobody is logged in. */
    loadMemory: fromPromise<RoomMemoryAnswer | null, MemoryInput>(notProvided('loadMemory')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, memory: RoomMemoryAnswer | null) => ({ memory })),
  },
  guards: {
    hasNoRoom: (_, memory: RoomMemoryAnswer | null) => memory === null,
    isNotFound: (_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return failure.kind === 'server' && failure.status === 404
    },
  },
})

/**
 * A room's year in numbers (`/room_memory/{year}`): the room the address names, or the caller's
 * own. Loaded once; a failure can be retried; an unknown room (or a caller without one) and an
 * anonymous visitor who named none are told so.
 */
export const memoryMachine = memorySetup.createMachine({
  id: 'memory',
  context: ({ input }) => ({ ...input, memory: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMemory',
        src: 'loadMemory',
        input: ({ context }) => ({ year: context.year, roomUrlKey: context.roomUrlKey }),
        onDone: [
          { guard: { type: 'hasNoRoom', params: ({ event }) => event.output }, target: 'noRoom' },
          { target: 'shown', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    shown: {},
    failed: {
      description: 'The year could not be loaded; the visitor can try again.',
      on: { 'memory.retry': 'loading' },
    },
    noRoom: {
      description: 'No room named and nobody logged in: the page asks for a login.',
      type: 'final',
    },
    notFound: {
      description: 'No such room, or the caller owns none (404).',
      type: 'final',
    },
  },
})
