import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { OnliveGenre } from '../../domain/api-types.ts'
import type { Locale } from '../../domain/locale.ts'
import { notProvided } from '../not-provided.ts'

export interface OnlivesContext {
  locale: Locale
  genres: OnliveGenre[]
  /** Set after a load failed; the stale list (if any) stays on screen. */
  failed: boolean
}

export type OnlivesEvent = { type: 'onlives.refresh' } | { type: 'onlives.locale'; locale: Locale }

/** The home page's on-air list: loads, refreshes every minute, keeps the last good list on error. */
export const onlivesMachine = setup({
  types: {
    context: {} as OnlivesContext,
    events: {} as OnlivesEvent,
    input: {} as { locale: Locale },
  },
  actors: {
    loadOnlives: fromPromise<OnliveGenre[], { locale: Locale }>(notProvided('loadOnlives')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    store: assign((_, genres: OnliveGenre[]) => ({ genres, failed: false })),
    markFailed: assign({ failed: true }),
    setLocale: assign(({ event }) => {
      assertEvent(event, 'onlives.locale')
      return { locale: event.locale }
    }),
  },
  guards: {
    isOtherLocale: ({ context, event }) =>
      event.type === 'onlives.locale' && event.locale !== context.locale,
  },
  delays: {
    refreshInterval: 60_000,
  },
}).createMachine({
  id: 'onlives',
  context: ({ input }) => ({ locale: input.locale, genres: [], failed: false }),
  initial: 'loading',
  on: {
    'onlives.locale': {
      guard: 'isOtherLocale',
      target: '.loading',
      actions: 'setLocale',
      description: 'Genre names follow the locale.',
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadOnlives',
        src: 'loadOnlives',
        input: ({ context }) => ({ locale: context.locale }),
        onDone: {
          target: 'loaded',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: [
            'markFailed',
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loaded: {
      after: {
        refreshInterval: {
          target: 'loading',
          description: 'Rooms go on and off air all the time.',
        },
      },
      on: { 'onlives.refresh': 'loading' },
    },
    failed: {
      on: { 'onlives.refresh': 'loading' },
    },
  },
})
