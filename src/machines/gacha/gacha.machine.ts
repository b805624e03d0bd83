import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import {
  REVEAL_MS,
  drawCost,
  drawCountsOf,
  walletTotal,
  type DrawCount,
  type DrawResponse,
  type DrawnPrize,
  type GachaSummary,
  type GachaWallet,
  type PrizeOdds,
} from '../../domain/gacha.ts'
import { notProvided } from '../not-provided.ts'

/** What a gacha page loads: the gacha, its prize table, and (logged in) the user's means. */
export interface GachaPageData {
  gacha: GachaSummary
  prizes: PrizeOdds[]
  /** null for an anonymous visitor. */
  wallet: GachaWallet | null
  /** Draws (or ad watches) left today where a daily limit applies; null where none does. */
  remainingToday: number | null
}

export interface GachaContext extends Omit<GachaPageData, 'gacha'> {
  gachaId: number
  gacha: GachaSummary | null
  count: DrawCount
  results: DrawnPrize[]
}

export type GachaEvent =
  | { type: 'draw.choose'; count: DrawCount }
  | { type: 'draw.confirm' }
  | { type: 'draw.cancel' }
  | { type: 'reveal.skip' }
  | { type: 'result.again' }
  | { type: 'result.close' }
  | { type: 'ad.start' }
  | { type: 'gacha.retry' }

const serverFailure = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure : null
}

/**
 * A gacha page (SPEC §7 Gacha): browsing the prize table → confirming (cost, balance, 1 or 10)
 * → drawing → revealing (skippable) → result. Not enough gold, a gacha that is gone (404) and a
 * lost connection are states of their own; the new balance goes to the header. The ad-reward
 * gacha is drawn through a watched ad instead: `ad.start` opens a watch (404: none left today).
 */
export const gachaMachine = setup({
  types: {
    context: {} as GachaContext,
    events: {} as GachaEvent,
    input: {} as { gachaId: number },
  },
  actors: {
    loadGacha: fromPromise<GachaPageData, { gachaId: number }>(notProvided('loadGacha')),
    draw: fromPromise<DrawResponse, { gachaId: number; count: DrawCount }>(notProvided('draw')),
    startWatch: fromPromise<{ watch_id: string }, { gachaId: number }>(notProvided('startWatch')),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    walletChanged: (_, _wallet: GachaWallet) => {},
    goToWatch: (_, _params: { watchId: string }) => {},
    store: assign((_, data: GachaPageData) => ({ ...data, count: 1, results: [] })),
    choose: assign(({ event }) => {
      assertEvent(event, 'draw.choose')
      return { count: event.count }
    }),
    storeDraw: assign(({ context }, drawn: DrawResponse) => ({
      results: drawn.results,
      wallet: { gold: drawn.remaining_point, expiringGold: drawn.remaining_expiring_point },
      remainingToday:
        context.remainingToday === null ? null : Math.max(0, context.remainingToday - 1),
    })),
    noneLeft: assign({ remainingToday: 0 }),
  },
  guards: {
    isAnonymous: ({ context }) => context.wallet === null,
    isOffered: ({ context, event }) =>
      event.type === 'draw.choose' &&
      context.gacha !== null &&
      context.gacha.kind !== 'ad_reward' &&
      drawCountsOf(context.gacha).includes(event.count),
    noDrawLeft: ({ context }) => context.remainingToday === 0,
    canAfford: ({ context }) =>
      context.gacha !== null &&
      context.wallet !== null &&
      walletTotal(context.wallet) >= drawCost(context.gacha, context.count),
    isAdGacha: ({ context }) => context.gacha?.kind === 'ad_reward',
    isClosed: ({ context }) => context.gacha?.is_open === false,
    isNotEnoughGold: (_, params: { error: unknown }) =>
      serverFailure(params.error)?.errorType === 'NOT_ENOUGH_POINT',
    isNotFound: (_, params: { error: unknown }) => serverFailure(params.error)?.status === 404,
    isConnectionLost: (_, params: { error: unknown }) => {
      const kind = failureOf(params.error).kind
      return kind === 'network' || kind === 'timeout'
    },
  },
  delays: { reveal: REVEAL_MS },
}).createMachine({
  id: 'gacha',
  context: ({ input }) => ({
    gachaId: input.gachaId,
    gacha: null,
    prizes: [],
    wallet: null,
    remainingToday: null,
    count: 1,
    results: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadGacha',
        src: 'loadGacha',
        input: ({ context }) => ({ gachaId: context.gachaId }),
        onDone: {
          target: 'browsing',
          actions: { type: 'store', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          { target: 'failed' },
        ],
      },
    },
    failed: {
      description: 'The page could not load; the visitor can try again.',
      on: { 'gacha.retry': 'loading' },
    },
    notFound: {
      description: 'The gacha does not exist (404): the page says so.',
      type: 'final',
    },
    browsing: {
      on: {
        'draw.choose': [
          { guard: 'isClosed', description: 'A gacha past its period offers no draw.' },
          { guard: 'isAnonymous', actions: 'requireLogin' },
          { guard: 'isOffered', target: 'confirming', actions: 'choose' },
        ],
        'ad.start': [
          { guard: 'isAnonymous', actions: 'requireLogin' },
          { guard: 'noDrawLeft', description: 'No watch left today: the button says so.' },
          { guard: 'isAdGacha', target: 'startingWatch' },
        ],
      },
    },
    confirming: {
      description: 'Shows the cost of 1 or 10 draws beside the balance.',
      on: {
        'draw.choose': { guard: 'isOffered', actions: 'choose' },
        'draw.confirm': [
          {
            guard: 'noDrawLeft',
            actions: { type: 'notify', params: { tone: 'error', key: 'gacha.noneLeftToday' } },
          },
          { guard: 'canAfford', target: 'drawing' },
          { target: 'insufficientGold' },
        ],
        'draw.cancel': 'browsing',
      },
    },
    insufficientGold: {
      description: 'The balance does not cover the draw: nothing was sent.',
      on: {
        'draw.cancel': 'browsing',
        'draw.choose': { guard: 'isOffered', target: 'confirming', actions: 'choose' },
      },
    },
    drawing: {
      invoke: {
        id: 'draw',
        src: 'draw',
        input: ({ context }) => ({ gachaId: context.gachaId, count: context.count }),
        onDone: {
          target: 'revealing',
          actions: [
            { type: 'storeDraw', params: ({ event }) => event.output },
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
            guard: { type: 'isNotEnoughGold', params: ({ event }) => ({ error: event.error }) },
            target: 'insufficientGold',
            description: 'The server found less gold than the page knew of.',
          },
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            guard: { type: 'isConnectionLost', params: ({ event }) => ({ error: event.error }) },
            target: 'connectionLost',
          },
          {
            target: 'browsing',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            description: 'Refused (e.g. the daily draw is used, the period ended): a toast.',
          },
        ],
      },
    },
    connectionLost: {
      description:
        'The draw may or may not have happened: nothing is drawn again by itself; reloading shows the balance and the history tells.',
      on: { 'gacha.retry': 'loading' },
    },
    revealing: {
      after: { reveal: 'result' },
      on: { 'reveal.skip': 'result' },
    },
    result: {
      on: {
        'result.again': 'confirming',
        'result.close': 'browsing',
      },
    },
    startingWatch: {
      invoke: {
        id: 'startWatch',
        src: 'startWatch',
        input: ({ context }) => ({ gachaId: context.gachaId }),
        onDone: {
          target: 'browsing',
          actions: {
            type: 'goToWatch',
            params: ({ event }) => ({ watchId: event.output.watch_id }),
          },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'browsing',
            actions: [
              'noneLeft',
              { type: 'notify', params: { tone: 'error', key: 'gacha.noneLeftToday' } },
            ],
            description: 'SPEC §8: can_watch answers 404 when no watch is left today.',
          },
          {
            target: 'browsing',
            actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
})
