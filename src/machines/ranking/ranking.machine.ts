import { rankingSetup } from './ranking.setup.ts'

export type { RankingInput, RankingSelection } from './ranking.setup.ts'

const reportError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * The genre ranking page (`/ranking`): three regions side by side —
 * - **tabs**: the genres and periods to choose from, loaded once;
 * - **list**: the selected genre's, period's and page's ranked rooms; another selection (the
 *   address changed) loads that one while the last list stays on screen; a failure is reported
 *   and waits for a retry;
 * - **mine**: the caller's own room's place in that genre and period (none for an anonymous
 *   visitor or a user without a room), loaded again when the genre or period changes.
 */
export const rankingMachine = rankingSetup.createMachine({
  id: 'ranking',
  context: ({ input }) => ({
    selection: { genre: input.genre, period: input.period, page: input.page },
    tabs: null,
    ranking: null,
    mine: null,
  }),
  type: 'parallel',
  states: {
    tabs: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadTabs',
            src: 'loadTabs',
            onDone: {
              target: 'ready',
              actions: { type: 'storeTabs', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
        },
        ready: {},
        failed: {
          description: 'The genres could not be loaded: only every genre is offered until a retry.',
          on: { 'ranking.retry': 'loading' },
        },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          description: 'Loads the selected page; the list loaded before stays on screen meanwhile.',
          invoke: {
            id: 'loadRanking',
            src: 'loadRanking',
            input: ({ context }) => context.selection,
            onDone: {
              target: 'shown',
              actions: { type: 'storeRanking', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
          on: {
            'ranking.select': {
              guard: 'isOtherSelection',
              description: 'Another choice while one loads: that one is loaded instead.',
              target: 'loading',
              reenter: true,
              actions: 'select',
            },
          },
        },
        shown: {
          on: {
            'ranking.select': { guard: 'isOtherSelection', target: 'loading', actions: 'select' },
          },
        },
        failed: {
          description: 'The page could not be loaded: the visitor can retry or choose another.',
          on: {
            'ranking.retry': 'loading',
            'ranking.select': { guard: 'isOtherSelection', target: 'loading', actions: 'select' },
          },
        },
      },
    },
    mine: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadMine',
            src: 'loadMine',
            input: ({ context }) => ({
              genre: context.selection.genre,
              period: context.selection.period,
            }),
            onDone: {
              target: 'known',
              actions: { type: 'storeMine', params: ({ event }) => event.output },
            },
            onError: { target: 'unknown', actions: reportError },
          },
          on: {
            'ranking.select': {
              guard: 'isOtherList',
              description: 'Another genre or period: the caller is placed in that one.',
              target: 'loading',
              reenter: true,
            },
          },
        },
        known: {
          description: 'Shown when the caller has a room (mine.room); hidden otherwise.',
          on: {
            'ranking.select': { guard: 'isOtherList', target: 'loading', actions: 'forgetMine' },
          },
        },
        unknown: {
          description: 'Where the caller stands could not be loaded: hidden until a retry.',
          on: {
            'ranking.retry': 'loading',
            'ranking.select': { guard: 'isOtherList', target: 'loading' },
          },
        },
      },
    },
  },
})
