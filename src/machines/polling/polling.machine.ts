import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate'
import { notProvided } from '../not-provided.ts'

/** How often a room asks for its viewer count and whether the live goes on. */
export const POLLING_INTERVAL_MS = 30_000
/** The longest wait between tries while polling keeps failing. */
export const POLLING_MAX_BACKOFF_MS = 5 * 60_000

/** One `/api/live/polling` answer, as the room needs it. */
export interface PollResult {
  liveEnd: boolean
  viewers: number | null
  /** A message the server wants shown to this viewer (`toast.message`), if any. */
  toast: string | null
  /** The minutes watched completed a mission (`mission.has_achievement`). */
  missionAchieved: boolean
}

export type PollingEvent = { type: 'polling.now' }

/** What the polling machine tells its parent (the room). */
export type PollingReport =
  | { type: 'polling.result'; viewers: number | null; liveEnd: boolean }
  | { type: 'polling.toast'; message: string }
  | { type: 'mission.achieved' }

export interface PollingContext {
  roomId: number
  /** Failed polls in a row; the wait doubles with each. */
  failures: number
}

/** Wait after `failures` failed polls in a row (the interval once things work). */
export const backoffMs = (failures: number) =>
  Math.min(POLLING_MAX_BACKOFF_MS, POLLING_INTERVAL_MS * 2 ** Math.max(0, failures - 1))

/** The server's message for this viewer; null with none. The guard and the toast read it here. */
const toastOf = (result: PollResult): string | null =>
  result.toast === null || result.toast === '' ? null : result.toast

/**
 * A live's polling: asks at once and then every 30 s, waits longer after each failure (up to
 * 5 minutes), reports viewers and toasts to the room, and stops for good when the live ends.
 */
export const pollingMachine = setup({
  types: {
    context: {} as PollingContext,
    events: {} as PollingEvent,
    input: {} as { roomId: number },
  },
  actors: {
    poll: fromPromise<PollResult, { roomId: number }>(notProvided('poll')),
  },
  actions: {
    report: enqueueActions(({ enqueue }, result: PollResult) => {
      enqueue.sendParent({
        type: 'polling.result',
        viewers: result.viewers,
        liveEnd: result.liveEnd,
      } satisfies PollingReport)
      // Watching completed a mission: the room toasts it and its mission panel loads again.
      if (result.missionAchieved)
        enqueue.sendParent({ type: 'mission.achieved' } satisfies PollingReport)
    }),
    toast: sendParent((_, params: { message: string }): PollingReport => ({
      type: 'polling.toast',
      message: params.message,
    })),
    resetFailures: assign({ failures: 0 }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
  },
  guards: {
    isLiveEnd: (_, result: PollResult) => result.liveEnd,
    hasToast: (_, result: PollResult) => toastOf(result) !== null,
  },
  delays: {
    interval: POLLING_INTERVAL_MS,
    backoff: ({ context }) => backoffMs(context.failures),
  },
}).createMachine({
  id: 'polling',
  context: ({ input }) => ({ roomId: input.roomId, failures: 0 }),
  initial: 'fetching',
  states: {
    fetching: {
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => ({ roomId: context.roomId }),
        onDone: [
          {
            guard: { type: 'isLiveEnd', params: ({ event }) => event.output },
            target: 'stopped',
            actions: { type: 'report', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'hasToast', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              'resetFailures',
              { type: 'report', params: ({ event }) => event.output },
              // The server's message (`hasToast` has just found one).
              enqueueActions(({ event, enqueue }) => {
                const message = toastOf(event.output)
                if (message !== null) enqueue({ type: 'toast', params: { message } })
              }),
            ],
          },
          {
            target: 'waiting',
            actions: ['resetFailures', { type: 'report', params: ({ event }) => event.output }],
          },
        ],
        onError: { target: 'backingOff', actions: 'countFailure' },
      },
    },
    waiting: {
      after: { interval: 'fetching' },
      on: { 'polling.now': 'fetching' },
    },
    backingOff: {
      description: 'The last poll failed: wait longer before the next (30 s, 60 s, … 5 min).',
      after: { backoff: 'fetching' },
      on: { 'polling.now': 'fetching' },
    },
    stopped: {
      type: 'final',
      description: 'The live ended (live_end); nothing more to ask.',
    },
  },
})
