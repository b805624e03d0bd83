import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type {
  Mission,
  MissionAnswer,
  MissionGenreList,
  MissionReceiveAnswer,
} from '../../src/contract/mission.ts'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { USER_REFETCH_REWARDS } from '../../src/domain/missions.ts'
import {
  findMission,
  orderedGenres,
  replaceMission,
  rewardSums,
  turnAtMs,
} from '../../src/machines/mission/mission.lists.ts'
import {
  missionMachine,
  secondsToSwitch,
  type MissionLoad,
} from '../../src/machines/mission/mission.machine.ts'
import { coverageLine, emittedOn, walkMachine, type WalkResult } from './graph-walk.ts'

const NOW = 1_800_000_000
const T0 = NOW * 1000
const SWITCH_S = 600

export const mission = (id: number, over: Partial<Mission> = {}): Mission => ({
  mission_id: id,
  title: `ミッション${id}`,
  kind: 'single',
  action: 'comment',
  for_owner: false,
  reward_type: 'gift',
  reward_id: 1,
  reward_name: '星',
  reward_num: 10,
  reward_url: '/img/gift/1.svg',
  current_value: 0,
  target_value: 10,
  remain_reward: 0,
  current_level: 1,
  max_level: 3,
  reward: 'in_progress',
  ...over,
})

const receivable = (id: number, over: Partial<Mission> = {}) =>
  mission(id, { current_value: 10, remain_reward: 1, reward: 'receivable', ...over })

/** A viewer's lists: today's day set open, a night set next, the month, a campaign. */
export function answer(over: { login?: boolean; limited?: boolean } = {}): MissionAnswer {
  const login = over.login ?? true
  const progress = (m: Mission) =>
    login ? m : { ...m, current_value: 0, remain_reward: 0, reward: 'in_progress' as const }
  const limited: MissionGenreList = {
    genre: 'limited',
    priority: 3,
    campaign_id: 1,
    title: '冬のキャンペーン',
    description: '毎日コメントしよう',
    starts_at: NOW - 86_400,
    ends_at: NOW + 3 * 86_400,
    periods: [
      {
        period_no: 1,
        title: '第1週',
        starts_at: NOW - 86_400,
        ends_at: NOW + 86_400,
        is_current: true,
        mission: [progress(receivable(6, { reward_type: 'avatar', reward_name: 'アバター' }))],
      },
    ],
    all_days_mission: [progress(mission(7, { for_owner: true, action: 'live_start' }))],
  }
  const genres: MissionGenreList[] = [
    {
      genre: 'monthly',
      priority: 2,
      composite_mission: null,
      continuous_mission: [
        progress(receivable(4, { kind: 'continuous', reward_type: 'gold', remain_reward: 2 })),
      ],
      single_mission: [progress(mission(5, { reward: 'completed', current_level: 3 }))],
      starts_at: NOW - 86_400,
      ends_at: NOW + 10 * 86_400,
    },
    {
      genre: 'daily',
      priority: 1,
      current_period: 'day',
      day: {
        composite_mission: progress(mission(2, { kind: 'composite', action: null })),
        continuous_mission: [],
        single_mission: [progress(receivable(1))],
        starts_at: NOW - 3_600,
        ends_at: NOW + SWITCH_S,
      },
      night: {
        composite_mission: null,
        continuous_mission: [],
        single_mission: [progress(mission(3))],
        starts_at: NOW + SWITCH_S,
        ends_at: NOW + SWITCH_S + 43_200,
      },
    },
    ...(over.limited === false ? [] : [limited]),
  ]
  return { is_login: login, now: NOW, genres }
}

const load = (over: Parameters<typeof answer>[0] = {}): MissionLoad => ({
  answer: answer(over),
  atMs: T0,
})

const received = (
  next: Mission,
  type: MissionReceiveAnswer['received_reward_type'],
): MissionReceiveAnswer => ({
  mission: next,
  received_reward_type: type,
  received_num: next.reward_num,
  received_reward_name: next.reward_name,
})

const refusal = (status: number, errorType: string | null, message: string | null) =>
  new ApiRequestError({ kind: 'server', status, message, errorType, redirectUrl: null })

const events = [
  { type: 'xstate.done.actor.loadMissions', output: load() },
  { type: 'xstate.done.actor.loadMissions', output: load({ limited: false }) },
  { type: 'xstate.done.actor.loadMissions', output: load({ login: false }) },
  {
    type: 'xstate.error.actor.loadMissions',
    error: new ApiRequestError({ kind: 'network', status: null }),
  },
  { type: 'mission.refresh' },
  { type: 'mission.achieved' },
  { type: 'mission.replaced' },
  { type: 'mission.tab', genre: 'monthly' },
  { type: 'mission.tab', genre: 'limited' },
  { type: 'mission.period', period: 'night' },
  { type: 'mission.receive', missionId: 1 },
  { type: 'mission.receive', missionId: 3 },
  {
    type: 'xstate.done.actor.receiveMission',
    output: received(mission(1, { current_level: 2, target_value: 20, current_value: 10 }), 'gift'),
  },
  {
    type: 'xstate.done.actor.receiveMission',
    output: received(mission(6, { reward: 'completed', reward_type: 'avatar' }), 'avatar'),
  },
  { type: 'xstate.error.actor.receiveMission', error: refusal(401, null, 'ログインしてください') },
  {
    type: 'xstate.error.actor.receiveMission',
    error: refusal(400, 'PERIOD_ENDED', '期間が終了しました'),
  },
  {
    type: 'xstate.error.actor.receiveMission',
    error: refusal(400, 'NOT_ACHIEVED', 'まだ達成していません'),
  },
  {
    type: 'xstate.error.actor.receiveMission',
    error: new ApiRequestError({ kind: 'timeout', status: null }),
  },
  { type: 'clock.tick', nowMs: T0 + 1_000 },
  { type: 'clock.tick', nowMs: T0 + SWITCH_S * 1000 },
] as Array<EventFromLogic<typeof missionMachine>>

/** The answer a receive event carries (done events are outside the machine's event union). */
const receiveAnswer = (event: { type: string }) =>
  event.type === 'xstate.done.actor.receiveMission'
    ? (event as unknown as { output: MissionReceiveAnswer }).output
    : null

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('mission machine graph', () => {
  it('loads, switches tabs and sets, receives one reward at a time and loads again at a turn', () => {
    const walk = walkMachine(missionMachine, {
      input: { roomId: 3, nowMs: T0 },
      events,
      key: (s) => ({
        value: s.value,
        tab: s.context.tab,
        period: s.context.period,
        login: s.context.isLogin,
        genres: s.context.genres.length,
        receiving: s.context.receivingId,
        error: s.context.error !== null,
        first: findMission(s.context.genres, 1)?.reward ?? null,
        turned: s.context.turnAtMs !== null && s.context.nowMs >= s.context.turnAtMs,
      }),
      invariant: (from, event, to) => {
        const genres = to.context.genres.map((g) => g.genre)
        // The tabs follow the priority, and the tab shown is always one of them.
        expect(to.context.genres).toEqual(orderedGenres(to.context.genres))
        if (to.matches('ready')) expect(genres).toContain(to.context.tab)
        // A reward is on its way exactly while receiving, and only a receivable one.
        expect(to.context.receivingId !== null).toBe(
          to.matches({ ready: { receipt: 'receiving' } }),
        )
        // Only a logged-in viewer starts receiving, and only a receivable reward.
        if (!from.matches({ ready: { receipt: 'receiving' } }) && to.context.receivingId !== null) {
          expect(from.context.isLogin).toBe(true)
          expect(findMission(from.context.genres, to.context.receivingId)?.reward).toBe(
            'receivable',
          )
        }
        // The mission answered replaces the old one (SPEC §4); nothing else in the lists moves.
        const done = receiveAnswer(event)
        if (done && from.matches({ ready: { receipt: 'receiving' } })) {
          const next = done.mission
          expect(findMission(to.context.genres, next.mission_id)).toEqual(
            findMission(from.context.genres, next.mission_id) ? next : undefined,
          )
          expect(to.context.genres).toEqual(replaceMission(from.context.genres, next))
          // Gift, gold and backgrounds change what the user holds: the signal goes out.
          const signals = emittedOn(missionMachine, from, event)
          expect(signals).toEqual(
            USER_REFETCH_REWARDS.includes(done.received_reward_type)
              ? [{ type: 'mission.rewarded', rewardType: done.received_reward_type }]
              : [],
          )
        }
        // A failed receive says so beside that mission and loses nothing from the lists.
        if (
          event.type === ('xstate.error.actor.receiveMission' as string) &&
          from.matches({ ready: { receipt: 'receiving' } })
        ) {
          expect(to.context.genres).toEqual(from.context.genres)
          if (to.context.error) expect(to.context.error.missionId).toBe(from.context.receivingId)
        }
        // Lists shown stay while they load again, even when that fails.
        if (from.matches('ready')) expect(to.matches('ready')).toBe(true)
        if (from.context.genres.length > 0) expect(to.context.genres.length).toBeGreaterThan(0)
        // A window that turned loads the lists again and shows the set open now.
        if (
          from.matches({ ready: { lists: 'current' } }) &&
          event.type === 'clock.tick' &&
          event.nowMs >= (from.context.turnAtMs ?? Infinity)
        ) {
          expect(to.matches({ ready: { lists: 'refreshing' } })).toBe(true)
          expect(to.context.period).toBeNull()
        }
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })
})

describe('mission lists', () => {
  it('sums the rewards waiting per genre (SPEC §4) and orders the genres by priority', () => {
    const { genres } = answer()
    expect(rewardSums(genres)).toEqual({ daily: 1, monthly: 2, limited: 1 })
    expect(rewardSums(answer({ login: false }).genres)).toEqual({
      daily: 0,
      monthly: 0,
      limited: 0,
    })
    expect(orderedGenres(genres).map((g) => g.genre)).toEqual(['daily', 'monthly', 'limited'])
  })

  it('replaces a received mission wherever it is listed', () => {
    const next = mission(4, { kind: 'continuous', reward: 'completed', remain_reward: 0 })
    const after = replaceMission(answer().genres, next)
    expect(findMission(after, 4)).toEqual(next)
    expect(rewardSums(after)).toEqual({ daily: 1, monthly: 0, limited: 1 })
  })

  it('turns at the daily switch, counted from the server’s clock, not the device’s date', () => {
    const skewed = T0 + 3_600_000
    expect(turnAtMs(answer(), skewed)).toBe(skewed + SWITCH_S * 1000)
    expect(turnAtMs({ is_login: false, now: NOW, genres: [] }, T0)).toBeNull()
    expect(secondsToSwitch({ switchAtMs: T0 + 5_000, nowMs: T0 + 1 })).toBe(5)
    expect(secondsToSwitch({ switchAtMs: T0 + 5_000, nowMs: T0 + 9_000 })).toBe(0)
    expect(secondsToSwitch({ switchAtMs: null, nowMs: T0 })).toBeNull()
  })
})
