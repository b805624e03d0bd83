import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { notProvided } from '../not-provided.ts'

/** SPEC §4: how often an open tab asks whether a newer build is served (paused while hidden). */
export const UPDATE_POLL_MS = 5 * 60_000

/** What the tab hears from the page while it watches (document visibility). */
export type PageVisibilityEvent = { type: 'page.hidden' } | { type: 'page.visible' }

export type AppUpdateEvent =
  | PageVisibilityEvent
  /** The viewer took the offer (the toast's button). */
  | { type: 'update.reload' }
  /** The viewer closed the offer: not offered again for this build. */
  | { type: 'update.dismiss' }

export interface AppUpdateContext {
  /** The build this tab runs. */
  running: string
  /** The newest build the server named that differs from `running`, once seen. */
  latest: string | null
  /** A build the viewer said no to. */
  dismissed: string | null
  /** The tab is hidden: nothing is asked until it shows again. */
  hidden: boolean
}

/**
 * App-update polling (SPEC §4): asks `latest.json` every UPDATE_POLL_MS while the tab is visible
 * (and at once when it shows again after a pause), and when another build is served offers a
 * reload. It never reloads by itself — a viewer in the middle of a live decides.
 */
export const appUpdateMachine = setup({
  types: {
    context: {} as AppUpdateContext,
    events: {} as AppUpdateEvent,
    input: {} as { running: string },
  },
  actors: {
    fetchLatest: fromPromise<string>(notProvided('fetchLatest')),
    visibility: fromCallback<PageVisibilityEvent>(notProvided('visibility')),
  },
  actions: {
    /** Shows the offer (a toast with a reload button that sends `update.reload`). */
    offerReload: () => {},
    /** Reloads the page into the new build. */
    reload: () => {},
    rememberLatest: assign({ latest: (_, id: string) => id }),
    dismiss: assign({ dismissed: ({ context }) => context.latest }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
  },
  guards: {
    isHidden: ({ context }) => context.hidden,
    isNewBuild: ({ context }, id: string) =>
      id !== '' && id !== context.running && id !== context.dismissed,
  },
  delays: { pollInterval: UPDATE_POLL_MS },
}).createMachine({
  id: 'appUpdate',
  context: ({ input }) => ({
    running: input.running,
    latest: null,
    dismissed: null,
    hidden: false,
  }),
  invoke: { id: 'visibility', src: 'visibility' },
  // Heard in every state (a look in progress, an offer on screen): the next wait knows.
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Between two looks at latest.json.',
      after: { pollInterval: 'checking' },
      on: { 'page.hidden': { target: 'paused', actions: 'markHidden' } },
    },
    paused: {
      description: 'A hidden tab asks nothing; it looks again as soon as it is shown.',
      on: { 'page.visible': { target: 'checking', actions: 'markVisible' } },
    },
    checking: {
      invoke: {
        id: 'fetchLatest',
        src: 'fetchLatest',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => event.output },
            target: 'offered',
            actions: [
              { type: 'rememberLatest', params: ({ event }) => event.output },
              'offerReload',
            ],
            description: 'Another build is served: offer a reload, never do it unasked.',
          },
          {
            guard: 'isHidden',
            target: 'paused',
            description: 'Hidden while the look was under way: wait to be shown.',
          },
          { target: 'waiting' },
        ],
        onError: [
          { guard: 'isHidden', target: 'paused' },
          {
            target: 'waiting',
            description: 'A failed look (offline, a deploy in progress) waits for the next one.',
          },
        ],
      },
    },
    offered: {
      on: {
        'update.reload': { target: 'reloading' },
        'update.dismiss': [
          { guard: 'isHidden', target: 'paused', actions: 'dismiss' },
          {
            target: 'waiting',
            actions: 'dismiss',
            description: 'Not now: this build is not offered again; a newer one would be.',
          },
        ],
      },
    },
    reloading: { entry: 'reload', type: 'final' },
  },
})
