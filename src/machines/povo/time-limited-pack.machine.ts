import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  stopChild,
} from 'xstate'
import { type Order, type TimeLimitedPack } from '../../domain/shop.ts'
import { secondsLeft } from '../../domain/shop-paths.ts'
import { failures } from './failures.ts'
import { notProvided } from '../not-provided.ts'

export interface PackContext {
  pack: TimeLimitedPack | null
  remaining: number
}

/** What the payment answers: the order, and the provider's page to go to (null: none needed). */
export interface PackPayAnswer {
  order: Order
  redirectUrl: string | null
}

export type PackEvent =
  | { type: 'clock.tick'; nowMs: number }
  | { type: 'pack.buy' }
  | { type: 'pack.retry' }
  | { type: 'xstate.done.actor.pay'; output: PackPayAnswer }
  | { type: 'xstate.error.actor.pay'; error: unknown }

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * The seconds the offer has left at `nowMs`; null with no offer loaded. The guard that ends it and
 * the countdown read it here.
 */
const leftAt = (c: PackContext, nowMs: number) =>
  c.pack === null ? null : secondsLeft(c.pack.expires_at, nowMs)

/** What is bought: the pack offered; null with none loaded. The guard and the payment read it. */
const purchaseOf = (c: PackContext) => (c.pack === null ? null : { packId: c.pack.pack_id })

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
    pay: fromPromise<PackPayAnswer, { packId: number }>(notProvided('pay')),
  },
  actions: {
    leaveFor: (_, _params: { url: string }) => {},
    showResult: (_, _params: { orderId: string }) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    /** The countdown, from the offer's end. */
    tick: assign(({ context, event }) => {
      assertEvent(event, 'clock.tick')
      const left = leftAt(context, event.nowMs)
      return left === null ? {} : { remaining: left }
    }),
  },
  guards: {
    isOverAt: ({ context, event }) => {
      assertEvent(event, 'clock.tick')
      const left = leftAt(context, event.nowMs)
      return left !== null && left <= 0
    },
    canBuy: ({ context }) => purchaseOf(context) !== null,
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
          { actions: 'tick' },
        ],
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'pack.buy': {
              guard: 'canBuy',
              target: 'paying',
              // The pack offered (`canBuy` has just found it).
              actions: enqueueActions(({ context, enqueue }) => {
                const purchase = purchaseOf(context)
                if (purchase) enqueue.spawnChild('pay', { id: 'pay', input: purchase })
              }),
            },
          },
        },
        paying: {
          // The offer running out meanwhile leaves the payment behind, as an invoke would.
          exit: stopChild('pay'),
          on: {
            'xstate.done.actor.pay': [
              {
                guard: {
                  type: 'hasRedirect',
                  params: ({ event }) => ({ url: event.output.redirectUrl }),
                },
                target: '#timeLimitedPack.redirecting',
                // To the provider's page the answer names (`hasRedirect` has just found one).
                actions: enqueueActions(({ event, enqueue }) => {
                  const url = event.output.redirectUrl
                  if (url !== null) enqueue({ type: 'leaveFor', params: { url } })
                }),
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
            'xstate.error.actor.pay': [
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
