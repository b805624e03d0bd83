import { assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import type {
  Mission,
  MissionAnswer,
  MissionGenreList,
  MissionReceiveAnswer,
} from '../../contract/mission.ts'
import { failureOf } from '../../domain/api-failure.ts'
import {
  USER_REFETCH_REWARDS,
  type DailyPeriod,
  type MissionGenre,
  type RewardType,
} from '../../domain/missions.ts'
import { notProvided } from '../not-provided.ts'
import {
  dailySwitchAtMs,
  findMission,
  orderedGenres,
  replaceMission,
  turnAtMs,
} from './mission.lists.ts'

/** The lists as loaded, and when they were asked (ms, the device's clock). */
export interface MissionLoad {
  answer: MissionAnswer
  atMs: number
}

export interface MissionInput {
  /** The room the panel is open in; null on the /mission page. */
  roomId: number | null
}

/** Why a receive failed, beside the mission's button: the server's words, or a message key. */
export type MissionError = { missionId: number; text: string } | { missionId: number; key: string }

export interface MissionContext extends MissionInput {
  /** The device's clock (ms): set by each load, then by the clock; read only once loaded. */
  nowMs: number
  isLogin: boolean
  /** In the panel's order; empty until the first load. */
  genres: MissionGenreList[]
  tab: MissionGenre
  /** The daily set chosen on the switch; null follows the set open now. */
  period: DailyPeriod | null
  /** When the daily sets switch (device ms); null without a daily genre. */
  switchAtMs: number | null
  /** When the lists go out of date by themselves (device ms); null when they never do. */
  turnAtMs: number | null
  /** The mission whose reward is on its way; set only in `receiving`. */
  receivingId: number | null
  error: MissionError | null
}

export type MissionEvent =
  | { type: 'mission.tab'; genre: MissionGenre }
  | { type: 'mission.period'; period: DailyPeriod }
  | { type: 'mission.receive'; missionId: number }
  | { type: 'mission.refresh' }
  /** A comment, gift or watch answered `mission.has_achievement`: the lists are out of date. */
  | { type: 'mission.achieved' }
  /** A receive answered while the lists were loading: that load may predate it. */
  | { type: 'mission.replaced' }
  | { type: 'clock.tick'; nowMs: number }

/** Signals out: a reward that changed what the user holds (USER_REFETCH_REWARDS). */
export type MissionEmitted = { type: 'mission.rewarded'; rewardType: RewardType }

/** A failed reload at a turn of the window tries again this much later. */
export const TURN_RETRY_MS = 30_000

/** The mission whose reward is being received; only `receiving` reads it. */
export function receivingOf(context: Pick<MissionContext, 'receivingId'>): number {
  if (context.receivingId === null) throw new Error('mission machine: nothing is being received')
  return context.receivingId
}

/** Seconds left before the daily sets switch (never negative); null without a daily genre. */
export const secondsToSwitch = (context: Pick<MissionContext, 'switchAtMs' | 'nowMs'>) =>
  context.switchAtMs === null
    ? null
    : Math.max(0, Math.ceil((context.switchAtMs - context.nowMs) / 1000))

const serverFailure = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure : null
}

/** What the server refused with its own words (4xx): shown as it said it. */
const refusalText = (error: unknown) => {
  const failure = serverFailure(error)
  return failure && failure.status < 500 && failure.message ? failure.message : null
}

const STALE_ERRORS = ['PERIOD_ENDED', 'ALREADY_RECEIVED'] as const

/** The mission panel's effects, actions and guards; its states are in mission.machine.ts. */
export const missionSetup = setup({
  types: {
    context: {} as MissionContext,
    events: {} as MissionEvent,
    input: {} as MissionInput,
    emitted: {} as MissionEmitted,
  },
  actors: {
    loadMissions: fromPromise<MissionLoad, { roomId: number | null }>(notProvided('loadMissions')),
    receiveMission: fromPromise<MissionReceiveAnswer, { missionId: number }>(
      notProvided('receiveMission'),
    ),
    /** `clock.tick` with the time, every second. */
    clock: fromCallback<{ type: 'clock.tick'; nowMs: number }, { intervalMs: number }>(
      notProvided('clock'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    /** The toast "{name}×{num}を受け取りました". */
    notifyReceived: (_, _params: { name: string; num: number }) => {},
    /** The app (and the room) fetch the user again: gold, free stars, backgrounds changed. */
    signalRewarded: emit((_, params: { rewardType: RewardType }) => ({
      type: 'mission.rewarded' as const,
      rewardType: params.rewardType,
    })),
    store: assign(({ context }, load: MissionLoad) => {
      const genres = orderedGenres(load.answer.genres)
      const first = genres[0]
      return {
        isLogin: load.answer.is_login,
        genres,
        // A tab whose genre is gone (a campaign that ended) gives way to the first.
        tab: genres.some((g) => g.genre === context.tab) || !first ? context.tab : first.genre,
        nowMs: load.atMs,
        switchAtMs: dailySwitchAtMs(load.answer, load.atMs),
        turnAtMs: turnAtMs(load.answer, load.atMs),
      }
    }),
    /** A reload at a turn failed: the old lists stay and the next try waits a little. */
    postponeTurn: assign(({ context }) => ({ turnAtMs: context.nowMs + TURN_RETRY_MS })),
    setTab: assign(({ event }) => {
      assertEvent(event, 'mission.tab')
      return { tab: event.genre, error: null }
    }),
    setPeriod: assign(({ event }) => {
      assertEvent(event, 'mission.period')
      return { period: event.period }
    }),
    /** The window turned: the switch shows the set open now again. */
    followOpenSet: assign({ period: null }),
    tick: assign(({ event }) => {
      assertEvent(event, 'clock.tick')
      return { nowMs: event.nowMs }
    }),
    markReceiving: assign(({ event }) => {
      assertEvent(event, 'mission.receive')
      return { receivingId: event.missionId, error: null }
    }),
    replace: assign(({ context }, mission: Mission) => ({
      genres: replaceMission(context.genres, mission),
      receivingId: null,
    })),
    refuse: assign(({ context }, params: { error: unknown }) => {
      const missionId = receivingOf(context)
      const text = refusalText(params.error)
      return {
        receivingId: null,
        error: text ? { missionId, text } : { missionId, key: 'mission.receiveFailed' },
      }
    }),
    dropReceiving: assign({ receivingId: null }),
  },
  guards: {
    isAnonymous: ({ context }) => !context.isLogin,
    isReceivable: ({ context, event }) => {
      assertEvent(event, 'mission.receive')
      return findMission(context.genres, event.missionId)?.reward === 'receivable'
    },
    hasGenre: ({ context, event }) => {
      assertEvent(event, 'mission.tab')
      return context.genres.some((g) => g.genre === event.genre)
    },
    windowTurned: ({ context, event }) => {
      assertEvent(event, 'clock.tick')
      return context.turnAtMs !== null && event.nowMs >= context.turnAtMs
    },
    refetchesUser: (_, answer: MissionReceiveAnswer) =>
      USER_REFETCH_REWARDS.includes(answer.received_reward_type),
    /** The session ended meanwhile: the login modal. */
    isLoggedOut: (_, params: { error: unknown }) => serverFailure(params.error)?.status === 401,
    /** The lists were behind the server (period over, already received, gone): load them again. */
    isOutOfDate: (_, params: { error: unknown }) => {
      const failure = serverFailure(params.error)
      return (
        failure !== null &&
        (failure.status === 404 || STALE_ERRORS.some((type) => type === failure.errorType))
      )
    },
    isRefusal: (_, params: { error: unknown }) => refusalText(params.error) !== null,
  },
})
