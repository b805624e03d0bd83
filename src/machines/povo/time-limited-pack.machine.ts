import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { type Order, type TimeLimitedPack } from '../../domain/shop.ts'
import { secondsLeft } from '../../domain/shop-paths.ts'
import { failures } from './failures.ts'
import { notProvided } from '../not-provided.ts'

export interface PackContext {
  pack: TimeLimitedPack | null
  remaining: number
}

export type PackEvent =
  { type: 'clock.tick'; nowMs: number } | { type: 'pack.buy' } | { type: 'pack.retry' }

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * `/payment/time_limited_pack`: a coin pack offered for a limited time. The offer counts down
 * every second on the clock and disappears at zero (or when the server says it ended); buying
 * reserves an order and sends the browser to the payment provider.
 */
export const timeLimitedPackMachine = setup({
  types: {
    context: {} as PackContext,
    events: {} as PackEvent,
  },
  actors: {
    loadPack: fromPromise<TimeLimitedPack>(notProvided('loadPack')),
    clock: fromCallback<PackEvent, { intervalMs: number }>(notProvided('clock')),
    pay: fromPromise<{ order: Order; redirectUrl: string | null }, { packId: number }>(
      notProvided('pay'),
    ),
  },
  actions: {
    leaveFor: (_, _params: { url: string }) => {},
    showResult: (_, _params: { orderId: string }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
  },
  guards: {
    isOverAt: ({ context, event }) =>
      event.type === 'clock.tick' &&
      (context.pack === null || secondsLeft(context.pack.expires_at, event.nowMs) <= 0),
    isLoadedOver: (_, params: { pack: TimeLimitedPack }) => params.pack.remaining_seconds <= 0,
    hasEnded: (_, { error }: { error: unknown }) =>
      failures.errorType(error) === 'PACK_ENDED' || failures.notFound(error),
    isLoginLost: (_, { error }: { error: unknown }) => failures.loginLost(error),
    hasRedirect: (_, params: { url: string | null }) => params.url !== null,
  },
}).createMachine({
  id: 'timeLimitedPack',
  context: { pack: null, remaining: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPack',
        src: 'loadPack',
        onDone: [
          {
            guard: { type: 'isLoadedOver', params: ({ event }) => ({ pack: event.output }) },
            target: 'ended',
          },
          {
            target: 'offered',
            actions: assign({
              pack: ({ event }) => event.output,
              remaining: ({ event }) => event.output.remaining_seconds,
            }),
          },
        ],
        onError: [
          {
            guard: { type: 'hasEnded', params: errorParams },
            target: 'ended',
            description: 'The offer has passed, or this user has bought it.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'failed',
            actions: 'requireLogin',
          },
          { target: 'failed' },
        ],
      },
    },
    offered: {
      invoke: { id: 'clock', src: 'clock', input: { intervalMs: 1000 } },
      on: {
        'clock.tick': [
          {
            guard: 'isOverAt',
            target: 'ended',
            description: 'The offer ran out while the page was open: it disappears.',
          },
          {
            actions: assign({
              remaining: ({ context, event }) =>
                context.pack ? secondsLeft(context.pack.expires_at, event.nowMs) : 0,
            }),
          },
        ],
      },
      initial: 'idle',
      states: {
        idle: {
          on: { 'pack.buy': 'paying' },
        },
        paying: {
          invoke: {
            id: 'pay',
            src: 'pay',
            input: ({ context }) => ({ packId: context.pack?.pack_id ?? 0 }),
            onDone: [
              {
                guard: {
                  type: 'hasRedirect',
                  params: ({ event }) => ({ url: event.output.redirectUrl }),
                },
                target: '#timeLimitedPack.redirecting',
                actions: {
                  type: 'leaveFor',
                  params: ({ event }) => ({ url: event.output.redirectUrl ?? '' }),
                },
              },
              {
                target: 'idle',
                actions: {
                  type: 'showResult',
                  params: ({ event }) => ({ orderId: event.output.order.order_id }),
                },
                description: 'This attempt was already over: its result page shows it.',
              },
            ],
            onError: [
              {
                guard: { type: 'hasEnded', params: errorParams },
                target: '#timeLimitedPack.ended',
              },
              {
                guard: { type: 'isLoginLost', params: errorParams },
                target: 'idle',
                actions: 'requireLogin',
              },
              { target: 'idle', actions: { type: 'reportError', params: errorParams } },
            ],
          },
        },
      },
    },
    redirecting: {},
    ended: {
      description: 'The offer is gone: the page says so and offers nothing to buy.',
    },
    failed: {
      on: { 'pack.retry': 'loading' },
    },
  },
})
