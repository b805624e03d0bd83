import { assign, fromPromise, setup } from 'xstate'
import type { OnliveItem } from '../../domain/api-types.ts'
import { notProvided } from '../not-provided.ts'

export interface TaggedLivesContext {
  tag: string
  /** The rooms on air with the tag, most watched first; null until loaded. */
  lives: OnliveItem[] | null
}

export type TaggedLivesEvent = { type: 'tagged.retry' }

/**
 * `/search?tag=` (issue #20): the rooms on air whose live has the tag
 * (`/api/live/onlives?tag=`), where a tag's link on a room or a card leads.
 */
export const taggedLivesMachine = setup({
  types: {
    context: {} as TaggedLivesContext,
    events: {} as TaggedLivesEvent,
    input: {} as { tag: string },
  },
  actors: {
    loadLives: fromPromise<OnliveItem[], { tag: string }>(notProvided('loadLives')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, lives: OnliveItem[]) => ({ lives })),
  },
}).createMachine({
  id: 'taggedLives',
  context: ({ input }) => ({ tag: input.tag, lives: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadLives',
        src: 'loadLives',
        input: ({ context }) => ({ tag: context.tag }),
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
    shown: {},
    failed: { on: { 'tagged.retry': 'loading' } },
  },
})
