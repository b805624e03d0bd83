import { assign, fromPromise, setup } from 'xstate'
import type { Animation, AnimationsAnswer } from '../../contract/site-dialog.ts'
import { notProvided } from '../not-provided.ts'

/** Tries after the first failed load, each after a longer wait. */
export const ANIMATION_RETRIES = 3

export interface AnimationsContext {
  /** The catalogue once loaded; empty until then (nothing plays). */
  animations: Animation[]
  /** Failed loads so far. */
  failures: number
}

export type AnimationsEvent =
  | { type: 'xstate.done.actor.loadAnimations'; output: AnimationsAnswer }
  | { type: 'xstate.error.actor.loadAnimations'; error: unknown }

/**
 * The room's gift and rank animations (issue #22): the catalogue loads once per visit and, when
 * the load fails, is tried again a few times with longer waits; until then nothing plays.
 */
export const animationsMachine = setup({
  types: {
    context: {} as AnimationsContext,
    events: {} as AnimationsEvent,
  },
  actors: {
    loadAnimations: fromPromise<AnimationsAnswer>(notProvided('loadAnimations')),
  },
  actions: {
    store: assign((_, animations: Animation[]) => ({ animations })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    /** The catalogue could not be loaded: recorded for the operators, not shown. */
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasRetriesLeft: ({ context }) => context.failures < ANIMATION_RETRIES,
  },
  delays: {
    retryDelay: ({ context }) => 5000 * 2 ** (context.failures - 1),
  },
}).createMachine({
  id: 'animations',
  context: { animations: [], failures: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAnimations',
        src: 'loadAnimations',
        onDone: {
          target: 'ready',
          actions: { type: 'store', params: ({ event }) => event.output.animations },
        },
        onError: [
          {
            guard: 'hasRetriesLeft',
            target: 'waiting',
            actions: 'countFailure',
            description: 'Tried again after 5 s, 10 s, 20 s.',
          },
          {
            target: 'gaveUp',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            description: 'The room goes on without animations.',
          },
        ],
      },
    },
    waiting: { after: { retryDelay: 'loading' } },
    ready: { type: 'final' },
    gaveUp: { type: 'final' },
  },
})
