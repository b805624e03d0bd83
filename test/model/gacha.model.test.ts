import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import {
  drawCost,
  walletTotal,
  type DrawResponse,
  type GachaSummary,
} from '../../src/domain/gacha.ts'
import { adWatchMachine, type AdWatch } from '../../src/machines/ad-watch/ad-watch.machine.ts'
import { gachaMachine, type GachaPageData } from '../../src/machines/gacha/gacha.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const serverError = (status: number, errorType: string | null = null) =>
  new ApiRequestError({ kind: 'server', status, message: 'x', errorType, redirectUrl: null })
const lost = (kind: Extract<ApiFailure['kind'], 'network' | 'timeout'>) =>
  new ApiRequestError({ kind, status: null })

const gacha = (over: Partial<GachaSummary>): GachaSummary => ({
  gacha_id: 2,
  name: 'きらめきガチャ',
  description: '',
  kind: 'paid',
  price: 50,
  price_10: 500,
  daily_limit: null,
  image: '/img/gacha/2.svg',
  starts_at: null,
  ends_at: null,
  is_open: true,
  ...over,
})
const page = (over: Partial<GachaPageData>): GachaPageData => ({
  gacha: gacha({}),
  prizes: [],
  wallet: { gold: 500, expiringGold: 100 },
  remainingToday: null,
  ...over,
})
const drawn: DrawResponse = {
  draw_id: 1,
  draw_count: 1,
  results: [
    {
      prize_id: 201,
      name: '紫のスター ×10',
      prize_type: 'free_gift',
      rarity: 'N',
      num: 10,
      granted_num: 10,
      image: '/img/gift/1003.svg',
    },
  ],
  remaining_point: 450,
  remaining_expiring_point: 0,
}

const loads = [
  page({}),
  page({ wallet: { gold: 20, expiringGold: 0 } }),
  page({ wallet: null }),
  page({ gacha: gacha({ is_open: false, kind: 'limited' }) }),
  page({ gacha: gacha({ kind: 'free_daily', price: 0, price_10: null }), remainingToday: 1 }),
  page({ gacha: gacha({ kind: 'free_daily', price: 0, price_10: null }), remainingToday: 0 }),
  page({ gacha: gacha({ kind: 'ad_reward', price: 0, price_10: null }), remainingToday: 3 }),
]

const gachaEvents = [
  ...loads.map((output) => ({ type: 'xstate.done.actor.loadGacha', output })),
  { type: 'xstate.error.actor.loadGacha', error: serverError(404) },
  { type: 'xstate.error.actor.loadGacha', error: lost('network') },
  { type: 'gacha.retry' },
  { type: 'draw.choose', count: 1 },
  { type: 'draw.choose', count: 10 },
  { type: 'draw.confirm' },
  { type: 'draw.cancel' },
  { type: 'xstate.done.actor.draw', output: drawn },
  { type: 'xstate.error.actor.draw', error: serverError(400, 'NOT_ENOUGH_POINT') },
  { type: 'xstate.error.actor.draw', error: serverError(404) },
  { type: 'xstate.error.actor.draw', error: lost('timeout') },
  { type: 'xstate.error.actor.draw', error: serverError(400, 'DAILY_LIMIT') },
  { type: 'reveal.skip' },
  { type: 'result.again' },
  { type: 'result.close' },
  { type: 'ad.start' },
  { type: 'xstate.done.actor.startWatch', output: { watch_id: 'w1234567' } },
  { type: 'xstate.error.actor.startWatch', error: serverError(404, 'LIMIT') },
  { type: 'xstate.error.actor.startWatch', error: lost('network') },
] as Array<EventFromLogic<typeof gachaMachine>>

const watch = (over: Partial<AdWatch>): AdWatch => ({
  watch_id: 'w1234567',
  gacha_id: 4,
  video_url: '/media/ads/kirari-ad.mp4',
  duration_ms: 6000,
  completed: false,
  rewarded: false,
  ...over,
})

const watchEvents = [
  { type: 'xstate.done.actor.loadWatch', output: watch({}) },
  { type: 'xstate.done.actor.loadWatch', output: watch({ completed: true }) },
  { type: 'xstate.done.actor.loadWatch', output: watch({ completed: true, rewarded: true }) },
  { type: 'xstate.error.actor.loadWatch', error: serverError(404) },
  { type: 'xstate.error.actor.loadWatch', error: lost('network') },
  { type: 'ad.progress', playedMs: 2500 },
  { type: 'ad.progress', playedMs: 9000 },
  { type: 'ad.ended' },
  { type: 'ad.failed' },
  { type: 'ad.retry' },
  { type: 'xstate.done.actor.completeWatch', output: watch({ completed: true }) },
  { type: 'xstate.error.actor.completeWatch', error: serverError(400, 'NOT_WATCHED') },
  { type: 'xstate.error.actor.completeWatch', error: serverError(404, 'LIMIT') },
  { type: 'xstate.error.actor.completeWatch', error: lost('network') },
  { type: 'reward.draw' },
  { type: 'xstate.done.actor.reward', output: drawn },
  { type: 'xstate.error.actor.reward', error: lost('network') },
  { type: 'xstate.error.actor.reward', error: serverError(400, 'REWARDED') },
  { type: 'xstate.error.actor.reward', error: serverError(500) },
] as Array<EventFromLogic<typeof adWatchMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('gacha machine graph', () => {
  it('draws only what the balance covers, never for an anonymous visitor; results come through the reveal', () => {
    const walk = walkMachine(gachaMachine, {
      input: { gachaId: 2 },
      events: [...gachaEvents, ...(delayedEvents(gachaMachine) as typeof gachaEvents)],
      key: (s) => ({
        value: s.value,
        kind: s.context.gacha?.kind,
        open: s.context.gacha?.is_open,
        wallet: s.context.wallet ? walletTotal(s.context.wallet) : null,
        left: s.context.remainingToday,
        count: s.context.count,
      }),
      invariant: (from, event, to) => {
        const { gacha: g, wallet } = to.context
        if (to.matches('drawing') && !from.matches('drawing')) {
          // Only from the confirm step, with the gold for it and a draw left today.
          expect(from.matches('confirming')).toBe(true)
          expect(g && wallet && walletTotal(wallet) >= drawCost(g, to.context.count)).toBe(true)
          expect(to.context.remainingToday).not.toBe(0)
        }
        if (to.matches('confirming')) {
          expect(to.context.wallet).not.toBeNull()
          expect(g?.kind).not.toBe('ad_reward')
          expect(g?.is_open).toBe(true)
          if (g?.price_10 === null) expect(to.context.count).toBe(1)
        }
        if (to.matches('result'))
          expect(from.matches('revealing') || from.matches('result')).toBe(true)
        if ((event.type as string) === 'xstate.done.actor.draw' && from.matches('drawing')) {
          expect(to.context.wallet).toEqual({ gold: 450, expiringGold: 0 })
          expect(to.context.results).toHaveLength(1)
        }
        if (to.matches('startingWatch')) expect(g?.kind).toBe('ad_reward')
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

describe('ad watch machine graph', () => {
  it('unlocks the draw only after the server accepted a played-through ad; one draw per watch', () => {
    const walk = walkMachine(adWatchMachine, {
      input: { watchId: 'w1234567' },
      events: watchEvents,
      key: (s) => ({
        value: s.value,
        played: s.context.playedMs,
        done: s.context.watch?.completed,
      }),
      invariant: (from, _event, to) => {
        if (to.matches('unlocked') && !from.matches('unlocked')) {
          expect(
            from.matches('completing') || from.matches('loading') || from.matches('drawing'),
          ).toBe(true)
          expect(to.context.watch?.completed).toBe(true)
        }
        if (to.matches('drawing'))
          expect(from.matches('unlocked') || from.matches('drawing')).toBe(true)
        expect(to.context.playedMs).toBeLessThanOrEqual(to.context.watch?.duration_ms ?? 0)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
