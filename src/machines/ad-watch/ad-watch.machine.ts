import { assign, fromPromise, setup } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import type { DrawResponse, DrawnPrize, GachaWallet } from '../../domain/gacha.ts'
import { notProvided } from '../not-provided.ts'

/** An ad watch as /api/ad_reward/watch answers it. */
export interface AdWatch {
  watch_id: string
  gacha_id: number
  video_url: string
  duration_ms: number
  completed: boolean
  rewarded: boolean
}

export interface AdWatchContext {
  watchId: string
  watch: AdWatch | null
  /** How far the ad has played, from the video's own clock. */
  playedMs: number
  results: DrawnPrize[]
}

export type AdWatchEvent =
  | { type: 'ad.progress'; playedMs: number }
  | { type: 'ad.ended' }
  | { type: 'ad.failed' }
  | { type: 'ad.retry' }
  | { type: 'reward.draw' }

const errorType = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.errorType : null
}
const status = (error: unknown) => failureOf(error).status

/**
 * `/lottery/ad_reward/{watch_id}/watch`: the ad plays with a countdown, without skipping; when
 * it has played through the server is told (and checks the time itself), and only then does
 * the draw unlock. One draw per watch: a reload resumes where the server says the watch is.
 */
export const adWatchMachine = setup({
  types: {
    context: {} as AdWatchContext,
    events: {} as AdWatchEvent,
    input: {} as { watchId: string },
  },
  actors: {
    loadWatch: fromPromise<AdWatch, { watchId: string }>(notProvided('loadWatch')),
    completeWatch: fromPromise<AdWatch, { watchId: string }>(notProvided('completeWatch')),
    reward: fromPromise<DrawResponse, { watchId: string }>(notProvided('reward')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    walletChanged: (_, _wallet: GachaWallet) => {},
    storeWatch: assign((_, watch: AdWatch) => ({ watch })),
    progress: assign(({ context, event }) =>
      event.type === 'ad.progress' && context.watch
        ? {
            playedMs: Math.min(
              context.watch.duration_ms,
              Math.max(context.playedMs, event.playedMs),
            ),
          }
        : {},
    ),
    storeResults: assign((_, drawn: DrawResponse) => ({ results: drawn.results })),
  },
  guards: {
    isRewarded: (_, watch: AdWatch) => watch.rewarded,
    isCompleted: (_, watch: AdWatch) => watch.completed,
    isNotFound: (_, params: { error: unknown }) => status(params.error) === 404,
    notWatched: (_, params: { error: unknown }) => errorType(params.error) === 'NOT_WATCHED',
    wasRewarded: (_, params: { error: unknown }) => errorType(params.error) === 'REWARDED',
    isConnectionLost: (_, params: { error: unknown }) => {
      const kind = failureOf(params.error).kind
      return kind === 'network' || kind === 'timeout'
    },
  },
}).createMachine({
  id: 'adWatch',
  context: ({ input }) => ({ watchId: input.watchId, watch: null, playedMs: 0, results: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWatch',
        src: 'loadWatch',
        input: ({ context }) => ({ watchId: context.watchId }),
        onDone: [
          {
            guard: { type: 'isRewarded', params: ({ event }) => event.output },
            target: 'used',
            actions: { type: 'storeWatch', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isCompleted', params: ({ event }) => event.output },
            target: 'unlocked',
            actions: { type: 'storeWatch', params: ({ event }) => event.output },
          },
          {
            target: 'playing',
            actions: { type: 'storeWatch', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          { target: 'failed' },
        ],
      },
    },
    failed: { on: { 'ad.retry': 'loading' } },
    notFound: { type: 'final', description: 'No such watch of this user.' },
    used: { type: 'final', description: 'This watch has already given its draw.' },
    playing: {
      description: 'The ad plays from the start; there is no skip and no seeking.',
      on: {
        'ad.progress': { actions: 'progress' },
        'ad.ended': 'completing',
        'ad.failed': 'videoFailed',
      },
    },
    videoFailed: {
      description: 'The ad could not play: the visitor may start it again.',
      on: { 'ad.retry': 'loading' },
    },
    completing: {
      invoke: {
        id: 'completeWatch',
        src: 'completeWatch',
        input: ({ context }) => ({ watchId: context.watchId }),
        onDone: {
          target: 'unlocked',
          actions: { type: 'storeWatch', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'notWatched', params: ({ event }) => ({ error: event.error }) },
            target: 'playing',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            description: "The server has not seen the ad's length pass: keep watching.",
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'limitReached',
          },
          {
            target: 'completionFailed',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    completionFailed: {
      description: 'Telling the server failed: the visitor tries again without rewatching.',
      on: { 'ad.retry': 'completing' },
    },
    limitReached: { type: 'final', description: 'No watch is left today (404).' },
    unlocked: {
      description: 'The ad played through: the draw is open.',
      on: { 'reward.draw': 'drawing' },
    },
    drawing: {
      invoke: {
        id: 'reward',
        src: 'reward',
        input: ({ context }) => ({ watchId: context.watchId }),
        onDone: {
          target: 'result',
          actions: [
            { type: 'storeResults', params: ({ event }) => event.output },
            {
              type: 'walletChanged',
              params: ({ event }) => ({
                gold: event.output.remaining_point,
                expiringGold: event.output.remaining_expiring_point,
              }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'isConnectionLost', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            description: 'Ask the server where the watch stands: drawn already, or still open.',
          },
          {
            guard: { type: 'wasRewarded', params: ({ event }) => ({ error: event.error }) },
            target: 'used',
          },
          {
            target: 'unlocked',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            description: 'Refused for another reason: a toast, and the draw stays open.',
          },
        ],
      },
    },
    result: { type: 'final' },
  },
})
