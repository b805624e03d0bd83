import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  VirtualEventsAnswer,
  VirtualRankingAnswer,
  VirtualRankingPeriod,
  VirtualRoomsAnswer,
} from '../../contract/virtual.ts'
import { notProvided } from '../not-provided.ts'

/** The virtual livers' corner's pages: `/virtual_liver`, `/events`, `/ranking`. */
export type VirtualView = 'rooms' | 'events' | 'ranking'

/** How often the on-air list is asked for again. */
export const VIRTUAL_REFRESH_MS = 30_000

export interface VirtualInput {
  view: VirtualView
  /** The ranking's period (the other pages ignore it). */
  period: VirtualRankingPeriod
}

/** One page's answer, tagged with its page. */
export type VirtualAnswer =
  | { view: 'rooms'; rooms: VirtualRoomsAnswer }
  | { view: 'events'; events: VirtualEventsAnswer }
  | { view: 'ranking'; ranking: VirtualRankingAnswer }

export interface VirtualContext extends VirtualInput {
  /** The last answer: it stays on screen while the page loads again. */
  answer: VirtualAnswer | null
}

export type VirtualEvent =
  /** The ranking's address changed (a period tab). */
  { type: 'virtual.period'; period: VirtualRankingPeriod } | { type: 'virtual.retry' }

/**
 * One page of the virtual livers' corner (issue #22): loads what its page shows, keeps the last
 * answer on screen while loading again, waits for a retry after a failure. The on-air list
 * (`rooms`) is asked for again every 30 s; the ranking loads again when its period changes.
 */
export const virtualMachine = setup({
  types: {
    context: {} as VirtualContext,
    events: {} as VirtualEvent,
    input: {} as VirtualInput,
  },
  actors: {
    load: fromPromise<VirtualAnswer, VirtualInput>(notProvided('load')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, answer: VirtualAnswer) => ({ answer })),
    choosePeriod: assign(({ event }) => {
      assertEvent(event, 'virtual.period')
      return { period: event.period }
    }),
  },
  guards: {
    /** The on-air list goes stale: rooms go on and off air all the time. */
    isRoomsView: ({ context }) => context.view === 'rooms',
    /** Another period than the one shown or loading. */
    isOtherPeriod: ({ context, event }) =>
      event.type === 'virtual.period' && event.period !== context.period,
  },
  delays: {
    refreshInterval: VIRTUAL_REFRESH_MS,
  },
}).createMachine({
  id: 'virtual',
  context: ({ input }) => ({ view: input.view, period: input.period, answer: null }),
  initial: 'loading',
  on: {
    'virtual.period': {
      guard: 'isOtherPeriod',
      target: '.loading',
      reenter: true,
      actions: 'choosePeriod',
      description: 'Another period (also while one loads): that one is loaded instead.',
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ view: context.view, period: context.period }),
        onDone: {
          target: 'shown',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    shown: {
      after: {
        refreshInterval: {
          guard: 'isRoomsView',
          target: 'loading',
          description: 'The on-air list is asked for again every 30 s; the list stays meanwhile.',
        },
      },
    },
    failed: {
      description: 'The page could not be loaded: the last answer (if any) stays until a retry.',
      on: { 'virtual.retry': 'loading' },
    },
  },
})
