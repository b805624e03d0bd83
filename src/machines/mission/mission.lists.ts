import type {
  Mission,
  MissionAnswer,
  MissionGenreList,
  MissionSet,
} from '../../contract/mission.ts'
import type { DailyPeriod, MissionGenre } from '../../domain/missions.ts'

/*
 * The genre lists as the panel reads them (SPEC §4 Missions): the rules on the lists themselves —
 * the order of the tabs, the reward sums on them, a received mission replacing its old self, and
 * when the lists go out of date — kept out of the machine's states and out of the views.
 */

/** A set's missions in the panel's order: the composite one first, then continuous, single. */
export const setMissions = (set: MissionSet): Mission[] => [
  ...(set.composite_mission ? [set.composite_mission] : []),
  ...set.continuous_mission,
  ...set.single_mission,
]

/** Every mission of a genre, whichever set or period holds it. */
export function genreMissions(list: MissionGenreList): Mission[] {
  switch (list.genre) {
    case 'daily':
      return [...setMissions(list.day), ...setMissions(list.night)]
    case 'monthly':
      return setMissions(list)
    case 'limited':
      return [...list.periods.flatMap((p) => p.mission), ...list.all_days_mission]
  }
}

/** The genres in the panel's order: the lowest priority first (SPEC §3). */
export const orderedGenres = (genres: readonly MissionGenreList[]): MissionGenreList[] =>
  [...genres].sort((a, b) => a.priority - b.priority)

/** SPEC §4: a tab's badge is the sum of `remain_reward` over its genre's missions. */
export function rewardSums(genres: readonly MissionGenreList[]): Record<MissionGenre, number> {
  const sums: Record<MissionGenre, number> = { daily: 0, monthly: 0, limited: 0 }
  for (const list of genres)
    sums[list.genre] += genreMissions(list).reduce((n, m) => n + m.remain_reward, 0)
  return sums
}

/** Rewards waiting over every genre (the room's mission button shows it). */
export const totalRewards = (genres: readonly MissionGenreList[]): number =>
  Object.values(rewardSums(genres)).reduce((a, b) => a + b, 0)

const swapIn = (missions: Mission[], next: Mission) =>
  missions.map((m) => (m.mission_id === next.mission_id ? next : m))

const swapSet = <S extends MissionSet>(set: S, next: Mission): S => ({
  ...set,
  composite_mission:
    set.composite_mission?.mission_id === next.mission_id ? next : set.composite_mission,
  continuous_mission: swapIn(set.continuous_mission, next),
  single_mission: swapIn(set.single_mission, next),
})

/** SPEC §4: the mission a receive answered replaces the old one wherever the lists hold it. */
export function replaceMission(
  genres: readonly MissionGenreList[],
  next: Mission,
): MissionGenreList[] {
  return genres.map((list): MissionGenreList => {
    switch (list.genre) {
      case 'daily':
        return { ...list, day: swapSet(list.day, next), night: swapSet(list.night, next) }
      case 'monthly':
        return swapSet(list, next)
      case 'limited':
        return {
          ...list,
          periods: list.periods.map((p) => ({ ...p, mission: swapIn(p.mission, next) })),
          all_days_mission: swapIn(list.all_days_mission, next),
        }
    }
  })
}

/** The mission of that id, in whichever genre holds it. */
export const findMission = (genres: readonly MissionGenreList[], missionId: number) =>
  genres.flatMap(genreMissions).find((m) => m.mission_id === missionId)

/**
 * Every moment (unix seconds) after `now` at which the lists change by themselves: a daily set
 * closes and the other opens, the month turns, a limited period or the campaign begins or ends.
 */
function moments(answer: MissionAnswer): number[] {
  return answer.genres.flatMap((list) => {
    switch (list.genre) {
      case 'daily':
        return [list.day.starts_at, list.day.ends_at, list.night.starts_at, list.night.ends_at]
      case 'monthly':
        return [list.ends_at]
      case 'limited':
        return [list.ends_at, ...list.periods.flatMap((p) => [p.starts_at, p.ends_at])]
    }
  })
}

/**
 * When (ms on the device's clock) the lists loaded at `atMs` go out of date: the first moment
 * after the server's `now`, counted from the server's clock so a device's wrong date does not
 * matter. Null when nothing will change (no genre has a window).
 */
export function turnAtMs(answer: MissionAnswer, atMs: number): number | null {
  const next = moments(answer).filter((s) => s > answer.now)
  return next.length === 0 ? null : atMs + (Math.min(...next) - answer.now) * 1000
}

/** The daily genre of the lists, if they have one. */
export const dailyOf = (genres: readonly MissionGenreList[]) =>
  genres.find((g): g is Extract<MissionGenreList, { genre: 'daily' }> => g.genre === 'daily')

/**
 * When (device ms) the daily sets switch: the open set's end, which is the other set's start.
 * Null without a daily genre.
 */
export function dailySwitchAtMs(answer: MissionAnswer, atMs: number): number | null {
  const daily = dailyOf(answer.genres)
  if (!daily) return null
  const open = daily.current_period === 'day' ? daily.day : daily.night
  return atMs + (open.ends_at - answer.now) * 1000
}

/** The other daily set. */
export const otherPeriod = (period: DailyPeriod): DailyPeriod =>
  period === 'day' ? 'night' : 'day'
