import { eventIdOf, eventSetup } from './event.setup.ts'

export type { EventInput, EventLoad, EventPageData, ConfirmationData } from './event.setup.ts'
export { nextMomentMs } from './event.setup.ts'

/**
 * An event's page (`/event/{key}`) or its confirmation page (`/event/confirmation/{id}`): load,
 * then three regions side by side —
 * - **ranking**: the page of a running event follows its ranking live (a push on the event's key
 *   says a standing moved; the shown page is loaded again, and again once more if another change
 *   came meanwhile); the visitor turns its pages.
 * - **clock**: a countdown to the start of an upcoming event or the end of a running one; at that
 *   moment the event is loaded again (its phase has changed). An ended event waits for its frozen
 *   result, looking every 10 s.
 * - **entry** (the confirmation page): the owner ticks the terms, applies, and the entry is
 *   applied or the server's reason for refusing it is shown; an anonymous visitor is asked to log in.
 */
export const eventMachine = eventSetup.createMachine({
  id: 'event',
  context: ({ input }) => ({
    ...input,
    data: null,
    page: 1,
    stale: false,
    version: 0,
    agreed: false,
    refusal: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEvent',
        src: 'loadEvent',
        input: ({ context }) => ({
          eventRef: context.eventRef,
          view: context.view,
          page: context.page,
        }),
        onDone: [
          {
            guard: { type: 'followsRanking', params: ({ event }) => event.output },
            target: ['shown.ranking.live', 'shown.clock.counting', 'shown.entry.idle'],
            actions: { type: 'store', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'awaitsResult', params: ({ event }) => event.output },
            target: ['shown.ranking.still', 'shown.clock.awaitingResult', 'shown.entry.idle'],
            actions: { type: 'store', params: ({ event }) => event.output },
          },
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
    failed: {
      description: 'The event could not be loaded; the visitor can try again.',
      on: { 'event.retry': 'loading' },
    },
    notFound: {
      description: 'No such event (404): the page says so.',
      type: 'final',
    },
    shown: {
      type: 'parallel',
      states: {
        ranking: {
          initial: 'still',
          states: {
            still: {
              description: 'An event not running: its ranking does not move.',
              on: {
                'ranking.page': {
                  guard: 'isOtherPage',
                  target: 'loadingPage',
                  actions: 'turnPage',
                },
              },
            },
            loadingPage: {
              invoke: {
                id: 'loadPage',
                src: 'loadRanking',
                input: ({ context }) => ({
                  eventId: eventIdOf(context),
                  page: context.page,
                  version: context.version,
                }),
                onDone: {
                  target: 'still',
                  actions: { type: 'storeRanking', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'still',
                  actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            live: {
              invoke: { src: 'listen', input: ({ context }) => ({ eventId: eventIdOf(context) }) },
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'ranking.changed': { target: 'refreshing', actions: 'noteVersion' },
                    'ranking.page': {
                      guard: 'isOtherPage',
                      target: 'refreshing',
                      actions: 'turnPage',
                    },
                  },
                },
                refreshing: {
                  on: {
                    'ranking.changed': { actions: ['noteVersion', 'markStale'] },
                    'ranking.page': { guard: 'isOtherPage', actions: ['turnPage', 'markStale'] },
                  },
                  invoke: {
                    id: 'refreshRanking',
                    src: 'loadRanking',
                    input: ({ context }) => ({
                      eventId: eventIdOf(context),
                      page: context.page,
                      version: context.version,
                    }),
                    onDone: [
                      {
                        guard: 'isStale',
                        target: 'refreshing',
                        reenter: true,
                        actions: { type: 'storeRanking', params: ({ event }) => event.output },
                      },
                      {
                        target: 'idle',
                        actions: { type: 'storeRanking', params: ({ event }) => event.output },
                      },
                    ],
                    onError: {
                      // The shown ranking stays; the next change loads it again.
                      target: 'idle',
                      actions: {
                        type: 'reportError',
                        params: ({ event }) => ({ error: event.error }),
                      },
                    },
                  },
                },
              },
            },
          },
        },
        clock: {
          initial: 'counting',
          states: {
            counting: {
              description: 'Counts down to the start or the end; quiet when there is none.',
              invoke: { src: 'clock', input: { intervalMs: 1000 } },
              on: {
                'clock.tick': [
                  { guard: 'momentReached', target: '#event.loading', actions: 'tick' },
                  { actions: 'tick' },
                ],
              },
            },
            awaitingResult: {
              description: 'Over: the final ranking is being frozen; looked for every 10 s.',
              after: { resultPoll: '#event.loading' },
            },
          },
        },
        entry: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'entry.agree': { actions: 'agree' },
                'entry.login': { guard: 'isAnonymous', actions: 'requireLogin' },
                'entry.apply': { guard: 'mayApply', target: 'applying' },
              },
            },
            applying: {
              invoke: {
                id: 'apply',
                src: 'apply',
                input: ({ context }) => ({ eventId: eventIdOf(context) }),
                onDone: {
                  target: 'applied',
                  actions: [
                    { type: 'storeEntry', params: ({ event }) => event.output },
                    { type: 'notify', params: { tone: 'success', key: 'event.applied' } },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                    target: 'refused',
                    actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    // Lost on the way: the ticked box stays, the owner can send it again.
                    target: 'idle',
                    actions: {
                      type: 'reportError',
                      params: ({ event }) => ({ error: event.error }),
                    },
                  },
                ],
              },
            },
            applied: {
              description: 'Applied: the organizer approves or refuses it.',
            },
            refused: {
              description: 'The server refused the application and said why.',
              on: { 'entry.dismiss': { target: 'idle', actions: 'clearRefusal' } },
            },
          },
        },
      },
    },
  },
})
