import { assign, fromPromise, setup } from 'xstate'
import type { TimeTable } from '../../contract/follow.ts'
import { notProvided } from '../not-provided.ts'

export interface UpcomingContext {
  lives: TimeTable[]
}

export type UpcomingEvent = { type: 'upcoming.retry' }

/**
 * The home page's strip of lives to come: loads once, again every ten minutes (a past one
 * drops out, a new one comes in). A failed first load offers a retry; a failed refresh keeps
 * the list shown and tries again at the next one.
 */
export const upcomingMachine = setup({
  types: {
    context: {} as UpcomingContext,
    events: {} as UpcomingEvent,
  },
  actors: {
    loadUpcoming: fromPromise<TimeTable[]>(notProvided('loadUpcoming')),
  },
  actions: {
    store: assign((_, lives: TimeTable[]) => ({ lives })),
  },
  delays: {
    refreshInterval: 600_000,
  },
}).createMachine({
  id: 'upcoming',
  context: { lives: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadUpcoming',
        src: 'loadUpcoming',
        onDone: {
          target: 'loaded',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          description: 'The strip is an extra: no banner, the on-air list is what matters.',
        },
      },
    },
    loaded: {
      after: {
        refreshInterval: {
          target: 'refreshing',
          description: 'Schedules pass and new ones are set.',
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'loadUpcoming',
        src: 'loadUpcoming',
        onDone: {
          target: 'loaded',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loaded',
          description: 'The list shown stays; the next refresh tries again.',
        },
      },
    },
    failed: {
      on: { 'upcoming.retry': 'loading' },
    },
  },
})
