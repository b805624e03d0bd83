import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate'
import type { CampaignAnswer, CampaignRankingAnswer } from '../../src/contract/campaign.ts'
import type { LiverTheme } from '../../src/contract/liver-theme.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  campaignMachine,
  secondsToUpdate,
  UPDATE_GRACE_MS,
} from '../../src/machines/campaign/campaign.machine.ts'
import { delayedEvents, walkMachine, coverageLine, type WalkResult } from './graph-walk.ts'
import { NOW } from './fixtures.ts'

const serverError = (status: number) =>
  new ApiRequestError({ kind: 'server', status, message: null, errorType: null, redirectUrl: null })
const lost = new ApiRequestError({ kind: 'network', status: null })
const T0 = NOW / 1000

const campaign = (id: number, over: Partial<CampaignAnswer> = {}): CampaignAnswer => ({
  campaign_id: id,
  path: `c${id}`,
  layout: 'lp',
  title: `キャンペーン${id}`,
  summary: '',
  body_html: '<p>本文</p>',
  hero_image_url: '',
  started_at: T0 - 3600,
  ended_at: T0 + 3600,
  status: 'open',
  cta: null,
  ranking: null,
  showcase: null,
  measure: null,
  pages: [],
  ...over,
})
const giftRanking = { kind: 'gift', gift_id: 1, update_every_minutes: 0 } as const
const plain = campaign(1)
const ranked = campaign(2, { ranking: giftRanking })
const themed = campaign(3, { showcase: 'liver_themes' })
const both = campaign(4, { ranking: giftRanking, showcase: 'liver_themes' })
const ended = campaign(5, { ranking: giftRanking, status: 'ended' })

const ranking = (nextUpdateAt: number | null): CampaignRankingAnswer => ({
  kind: 'gift',
  as_of: T0,
  next_update_at: nextUpdateAt,
  ranking: [],
  event: null,
})
const live = ranking(null)
const scheduled = ranking(T0 + 60)
const themes: LiverTheme[] = []

const events = [
  { type: 'campaign.retry' },
  { type: 'ranking.retry' },
  { type: 'themes.retry' },
  { type: 'clock.tick', nowMs: NOW + 30_000 },
  { type: 'clock.tick', nowMs: NOW + 60_000 + UPDATE_GRACE_MS },
  ...[plain, ranked, themed, both, ended].map((output) => ({
    type: 'xstate.done.actor.loadCampaign',
    output,
  })),
  ...[serverError(404), lost, serverError(500)].map((error) => ({
    type: 'xstate.error.actor.loadCampaign',
    error,
  })),
  { type: 'xstate.done.actor.loadRanking', output: live },
  { type: 'xstate.done.actor.loadRanking', output: scheduled },
  { type: 'xstate.error.actor.loadRanking', error: lost },
  { type: 'xstate.done.actor.loadThemes', output: themes },
  { type: 'xstate.error.actor.loadThemes', error: serverError(500) },
  ...delayedEvents(campaignMachine),
] as Array<EventFromLogic<typeof campaignMachine>>

type Snapshot = ReturnType<typeof campaignMachine.transition>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('campaign machine graph', () => {
  it('loads a campaign, then follows its ranking and loads its showcase', () => {
    const result = walkMachine(campaignMachine, {
      input: { path: 'c1', nowMs: NOW },
      events,
      key: (s) => ({
        value: s.value,
        id: s.context.campaign?.campaign_id,
        next: s.context.ranking?.next_update_at,
        themes: s.context.themes !== null,
        now: s.context.nowMs,
      }),
      invariant: (from: Snapshot, sent, to: Snapshot) => {
        const event = sent as { type: string; error?: unknown }
        // A shown campaign stays shown: no event takes the page back to loading or to a 404.
        if (from.matches('shown')) {
          expect(to.matches('shown')).toBe(true)
          expect(to.context.campaign).toBe(from.context.campaign)
        }
        if (to.matches('shown')) expect(to.context.campaign).not.toBeNull()
        // Only a campaign with a ranking loads one; only the themes' showcase loads themes.
        if (to.matches({ shown: { ranking: 'loading' } }))
          expect(to.context.campaign?.ranking).not.toBeNull()
        if (to.matches({ shown: { showcase: 'loading' } }))
          expect(to.context.campaign?.showcase).toBe('liver_themes')
        // A live ranking follows only a running campaign.
        if (to.matches({ shown: { ranking: 'live' } }))
          expect(to.context.campaign?.status).toBe('open')
        // A failed ranking load keeps the last ranking shown.
        if (event.type === 'xstate.error.actor.loadRanking')
          expect(to.context.ranking).toBe(from.context.ranking)
        if (
          from.matches('loading') &&
          event.type === 'xstate.error.actor.loadCampaign' &&
          event.error === lost
        )
          expect(to.value).toBe('reconnecting')
        if (to.matches('notFound')) expect(to.context.campaign).toBeNull()
      },
    })
    walks.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  })

  it('counts down a scheduled ranking and loads it again once the update has passed', () => {
    expect(secondsToUpdate(scheduled, NOW)).toBe(60)
    expect(secondsToUpdate(scheduled, NOW + 59_500)).toBe(1)
    expect(secondsToUpdate(scheduled, NOW + 90_000)).toBe(0)
    expect(secondsToUpdate(live, NOW)).toBeNull()
  })

  it('refreshes a live ranking every 15 s and retries a lost connection by itself', async () => {
    vi.useFakeTimers()
    let campaignCalls = 0
    let rankingCalls = 0
    const errors: unknown[] = []
    const actor = createActor(
      campaignMachine.provide({
        actors: {
          loadCampaign: fromPromise(() =>
            ++campaignCalls === 1 ? Promise.reject(lost) : Promise.resolve(ranked),
          ),
          loadRanking: fromPromise(() => {
            rankingCalls++
            return Promise.resolve(live)
          }),
          loadThemes: fromPromise(() => Promise.resolve(themes)),
          clock: fromCallback(() => () => {}),
        },
        actions: { reportError: (_, { error }) => void errors.push(error) },
      }),
      { input: { path: 'c2', nowMs: NOW } },
    ).start()
    await vi.advanceTimersByTimeAsync(0)
    expect(actor.getSnapshot().value).toBe('reconnecting')
    expect(errors).toEqual([lost])
    await vi.advanceTimersByTimeAsync(5_000)
    expect(actor.getSnapshot().matches({ shown: { ranking: 'live' } })).toBe(true)
    expect(rankingCalls).toBe(1)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(rankingCalls).toBe(2)
    actor.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(rankingCalls).toBe(2)
  })

  it('loads a scheduled ranking again when the clock passes its next update', async () => {
    const tick: { send?: (e: { type: 'clock.tick'; nowMs: number }) => void } = {}
    let rankingCalls = 0
    const actor = createActor(
      campaignMachine.provide({
        actors: {
          loadCampaign: fromPromise(() => Promise.resolve(ranked)),
          loadRanking: fromPromise(() => {
            rankingCalls++
            return Promise.resolve(rankingCalls === 1 ? scheduled : ranking(T0 + 120))
          }),
          loadThemes: fromPromise(() => Promise.resolve(themes)),
          clock: fromCallback(({ sendBack }) => {
            tick.send = sendBack
            return () => {}
          }),
        },
      }),
      { input: { path: 'c2', nowMs: NOW } },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().matches({ shown: { ranking: 'scheduled' } })).toBe(true)
    tick.send?.({ type: 'clock.tick', nowMs: NOW + 30_000 })
    expect(actor.getSnapshot().context.nowMs).toBe(NOW + 30_000)
    expect(rankingCalls).toBe(1)
    tick.send?.({ type: 'clock.tick', nowMs: NOW + 60_000 + UPDATE_GRACE_MS })
    await new Promise((r) => setTimeout(r, 0))
    expect(rankingCalls).toBe(2)
    expect(actor.getSnapshot().context.ranking?.next_update_at).toBe(T0 + 120)
    actor.stop()
  })
})
