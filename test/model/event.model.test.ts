import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { CanApplyAnswer } from '../../src/contract/event-entry.ts'
import type { EventRankingAnswer } from '../../src/contract/event.ts'
import type { EventAbstraction, EventPhase } from '../../src/contract/event-pages.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import {
  eventMachine,
  nextMomentMs,
  type EventLoad,
} from '../../src/machines/event/event.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const serverError = (status: number, message = 'x') =>
  new ApiRequestError({ kind: 'server', status, message, errorType: null, redirectUrl: null })
const lost = new ApiRequestError({ kind: 'network', status: null })

const START = 1_800_000_000
const END = START + 86_400
const abstraction = (phase: EventPhase): EventAbstraction => ({
  event_id: 7,
  event_url_key: 'kirari_winter_cup',
  event_name: 'キラリ ウィンターカップ',
  event_url: '/event/kirari_winter_cup',
  image: '',
  event_type: 'ranking',
  started_at: START,
  ended_at: END,
  phase,
  total_entries: 31,
  organizer_name: 'デモ事務所',
  tutorial_url: '',
  entry_started_at: START - 86_400,
  entry_ended_at: END,
  is_entry_open: phase !== 'ended' && phase !== 'finalized',
  is_point_visible_period: true,
  blocks: [],
  remain_time: 0,
})
const ranking = (page: number): EventRankingAnswer => ({
  ranking: [],
  total_entries: 31,
  current_page: page,
  first_page: 1,
  last_page: 2,
  previous_page: page > 1 ? page - 1 : null,
  next_page: page < 2 ? page + 1 : null,
  is_event_block: false,
  event_block_label: '',
  event_block_list: [],
  entry_event_block_id: 0,
  is_event_gift_ranking: false,
  event_gift_ranking_list: [],
  is_event_period_ranking: false,
  event_period_ranking_list: [],
  is_point_visible_period: true,
})
const canApply = (can: boolean): CanApplyAnswer => ({
  can_apply: can,
  reason: can ? null : 'エントリー期間外です',
  room_id: 3,
  entry: null,
})
const page = (phase: EventPhase, entry: CanApplyAnswer | null = null): EventLoad => ({
  view: 'page',
  abstraction: abstraction(phase),
  description: {
    event_id: 7,
    description: '',
    rewards: '',
    reward_tiers: [],
    conditions: { min_follower_num: 0, min_grade_id: 0, min_grade_name: '' },
  },
  ranking: ranking(1),
  onlives: [],
  result: null,
  entry,
})
const confirmation = (entry: CanApplyAnswer | null): EventLoad => ({
  view: 'confirmation',
  confirmation: {
    event_id: 7,
    event_name: 'キラリ 新春ステージ',
    event_url: '/event/kirari_newyear_stage',
    image: '',
    started_at: START,
    ended_at: END,
    entry_started_at: START - 86_400,
    entry_ended_at: START,
    is_entry_open: true,
    conditions: { min_follower_num: 100, min_grade_id: 3, min_grade_name: 'C' },
  },
  terms: { event_id: 7, terms: '規約', rewards: '' },
  entry,
})

const applied = {
  ok: 1 as const,
  event_id: 7,
  room_id: 3,
  entry: { status: 'applied' as const, refused_reason: '' },
}

const loads = [
  page('ongoing'),
  page('upcoming'),
  page('ended'),
  page('finalized'),
  confirmation(canApply(true)),
  confirmation(canApply(false)),
  confirmation(null),
]

const events = [
  ...loads.map((output) => ({ type: 'xstate.done.actor.loadEvent', output })),
  { type: 'xstate.error.actor.loadEvent', error: serverError(404) },
  { type: 'xstate.error.actor.loadEvent', error: lost },
  { type: 'event.retry' },
  { type: 'clock.tick', nowMs: START * 1000 - 5_000 },
  { type: 'clock.tick', nowMs: START * 1000 + 1_000 },
  { type: 'clock.tick', nowMs: END * 1000 + 1_000 },
  { type: 'ranking.changed', version: 1_800_000_000_500 },
  { type: 'ranking.page', page: 2 },
  { type: 'ranking.page', page: 1 },
  { type: 'ranking.page', page: 9 },
  { type: 'entry.agree', agreed: true },
  { type: 'entry.agree', agreed: false },
  { type: 'entry.apply' },
  { type: 'entry.login' },
  { type: 'entry.dismiss' },
] as Array<EventFromLogic<typeof eventMachine>>

const actorEvents = [
  { type: 'xstate.done.actor.apply', output: applied },
  { type: 'xstate.error.actor.apply', error: serverError(400, '対象外のルームです') },
  { type: 'xstate.error.actor.apply', error: lost },
  ...['loadPage', 'refreshRanking'].flatMap((id) => [
    { type: `xstate.done.actor.${id}`, output: ranking(2) },
    { type: `xstate.error.actor.${id}`, error: lost },
  ]),
] as Array<EventFromLogic<typeof eventMachine>>

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('event machine graph', () => {
  it('follows a running ranking live, counts down, and applies only with the terms agreed', () => {
    const walk = walkMachine(eventMachine, {
      input: { eventRef: 'kirari_winter_cup', view: 'page', nowMs: START * 1000 - 10_000 },
      events: [...events, ...actorEvents, ...(delayedEvents(eventMachine) as typeof events)],
      key: (s) => ({
        value: s.value,
        view: s.context.data?.view,
        phase: s.context.data?.view === 'page' ? s.context.data.abstraction.phase : null,
        entry: s.context.data?.entry?.can_apply ?? null,
        status: s.context.data?.entry?.entry?.status ?? null,
        page: s.context.page,
        stale: s.context.stale,
        agreed: s.context.agreed,
        refusal: s.context.refusal,
        due:
          nextMomentMs(s.context.data) !== null &&
          s.context.nowMs >= (nextMomentMs(s.context.data) ?? 0),
      }),
      invariant: (from, event, to) => {
        if (
          to.matches({ shown: { entry: 'applying' } }) &&
          !from.matches({ shown: { entry: 'applying' } })
        ) {
          // Only an owner whose room may enter, with the terms agreed.
          expect(from.context.agreed).toBe(true)
          expect(from.context.data?.entry?.can_apply).toBe(true)
        }
        if (to.matches({ shown: { ranking: 'live' } })) {
          // Only a running event's page follows its ranking.
          expect(to.context.data?.view).toBe('page')
          if (to.context.data?.view === 'page')
            expect(to.context.data.abstraction.phase).toBe('ongoing')
        }
        if (to.matches({ shown: { entry: 'refused' } })) expect(to.context.refusal).toBeTruthy()
        expect(to.context.page).toBeGreaterThanOrEqual(1)
        expect(to.context.page).toBeLessThanOrEqual(2)
        // Typed agreement survives a failed send.
        if (
          event.type.startsWith('xstate.error.actor') &&
          from.matches({ shown: { entry: 'applying' } })
        )
          expect(to.context.agreed).toBe(true)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})
