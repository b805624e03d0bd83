import { afterAll, describe, expect, it } from 'vitest'
import type { EventFromLogic } from 'xstate'
import type { MissionReceiveAnswer } from '../../src/contract/mission.ts'
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
import { NOW, SWITCH_S, T0, answer, load, mission, received } from './mission-fixtures.ts'

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

/** The lists a load event carries, when the machine was loading them. */
const loadAnswer = (event: { type: string }) =>
  event.type === 'xstate.done.actor.loadMissions'
    ? (event as unknown as { output: MissionLoad }).output.answer
    : null

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('mission machine graph', () => {
  it('loads, switches tabs and sets, receives one reward at a time and loads again at a turn', () => {
    const walk = walkMachine(missionMachine, {
      input: { roomId: 3 },
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
        // The tabs follow the priority (the fixture answers them out of order), and the tab
        // shown is always one of them.
        const priorities = to.context.genres.map((g) => g.priority)
        expect(priorities).toEqual([...priorities].sort((a, b) => a - b))
        if (to.matches('ready')) expect(genres).toContain(to.context.tab)
        // The genres are those of the answer just loaded; nothing else adds or drops one.
        const loaded = loadAnswer(event)
        const loading = from.matches('loading') || from.matches({ ready: { lists: 'refreshing' } })
        const expected = (loaded && loading ? loaded.genres : from.context.genres).map(
          (g) => g.genre,
        )
        expect([...genres].sort()).toEqual(expected.sort())
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
