import { enqueueActions, stopChild } from 'xstate'
import { followSetup, morePageOf } from './follow.setup.ts'

export type { FollowGenre, FollowInput, FollowList, FollowTab } from './follow.setup.ts'

const reportError = {
  type: 'reportError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * The follow page (`/follow`), two regions side by side —
 * - **genres**: the followed rooms' genres for the filter chips, loaded once;
 * - **list**: the chosen tab's list (on air, every followed room paged, schedules) for the chosen
 *   genre; another tab or genre loads that one, a failure waits for a retry, and the rooms tab
 *   appends its next page on "more".
 */
export const followMachine = followSetup.createMachine({
  id: 'follow',
  context: ({ input }) => ({
    tab: input.tab,
    genre: 'all',
    genres: null,
    onlives: null,
    rooms: null,
    nextPage: null,
    totalRooms: 0,
    schedules: null,
  }),
  type: 'parallel',
  states: {
    genres: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadGenres',
            src: 'loadGenres',
            onDone: {
              target: 'ready',
              actions: { type: 'storeGenres', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
        },
        ready: {},
        failed: {
          description: 'No chips but every genre until a retry.',
          on: { 'follow.retry': 'loading' },
        },
      },
    },
    list: {
      initial: 'loading',
      on: {
        'follow.tab': {
          guard: 'isOtherTab',
          description: 'That tab is loaded again (its last list, if any, shows meanwhile).',
          target: '.loading',
          actions: 'selectTab',
        },
        'follow.genre': {
          guard: 'isOtherGenre',
          description: 'Every list was of the other genre: they are forgotten, the tab reloads.',
          target: '.loading',
          actions: ['selectGenre', 'forgetLists'],
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadList',
            src: 'loadList',
            input: ({ context }) => ({ tab: context.tab, genre: context.genre }),
            onDone: {
              target: 'shown',
              actions: { type: 'storeList', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: reportError },
          },
        },
        shown: {
          on: { 'follow.more': { guard: 'hasMoreRooms', target: 'loadingMore' } },
        },
        loadingMore: {
          description: 'The next page of followed rooms, appended below the ones shown.',
          // The next page (`hasMoreRooms` has just found one).
          entry: enqueueActions(({ context, enqueue }) => {
            const more = morePageOf(context)
            if (more) enqueue.spawnChild('loadMoreRooms', { id: 'loadMoreRooms', input: more })
          }),
          // Another tab or genre meanwhile leaves the page behind, as an invoke would.
          exit: stopChild('loadMoreRooms'),
          on: {
            'xstate.done.actor.loadMoreRooms': {
              target: 'shown',
              actions: { type: 'appendRooms', params: ({ event }) => event.output },
            },
            'xstate.error.actor.loadMoreRooms': { target: 'moreFailed', actions: reportError },
          },
        },
        moreFailed: {
          description: 'The rooms shown stay; "more" or a retry asks for the page again.',
          on: {
            'follow.more': { guard: 'hasMoreRooms', target: 'loadingMore' },
            'follow.retry': { guard: 'hasMoreRooms', target: 'loadingMore' },
          },
        },
        failed: {
          on: { 'follow.retry': 'loading' },
        },
      },
    },
  },
})
