/*
 * Missions (SPEC §3 Mission, §4 Missions): the kinds, what they count and the Tokyo windows they
 * count in. Tokyo is UTC+9 all year. A "mission day" begins at 05:00: the day set counts from
 * 05:00 to 17:00, the night set from 17:00 to 05:00, and a month's missions from 05:00 on the 1st
 * to 05:00 on the next 1st, so a night's play never falls between two months.
 */

export const MISSION_GENRES = ['daily', 'monthly', 'limited'] as const
export type MissionGenre = (typeof MISSION_GENRES)[number]

export const DAILY_PERIODS = ['day', 'night'] as const
export type DailyPeriod = (typeof DAILY_PERIODS)[number]

/**
 * single: reach a count in the window; continuous: act on n mission days in a row; composite:
 * clear every (viewer) single mission of its set.
 */
export const MISSION_KINDS = ['single', 'continuous', 'composite'] as const
export type MissionKind = (typeof MISSION_KINDS)[number]

/** The real actions a mission counts, each where it happens (docs/how-the-site-works.md, "Missions"). */
export const MISSION_ACTIONS = [
  'comment',
  'free_gift',
  'paid_gift',
  'watch_minutes',
  'follow',
  'gacha_draw',
  'live_start',
  'on_air_minutes',
] as const
export type MissionAction = (typeof MISSION_ACTIONS)[number]

/** Actions only a room's owner does: their missions are shown to livers. */
export const OWNER_ACTIONS: readonly MissionAction[] = ['live_start', 'on_air_minutes']

/** sum: the amounts added up (stars sent, minutes watched); days: mission days with any. */
export const COUNT_MODES = ['sum', 'days'] as const
export type CountMode = (typeof COUNT_MODES)[number]

/** gift: free stars; gold; avatar; sg: a room background (a "stage graphic"). */
export const REWARD_TYPES = ['gift', 'gold', 'avatar', 'sg'] as const
export type RewardType = (typeof REWARD_TYPES)[number]

/** Rewards that change what the current user holds: the app fetches the user again after them. */
export const USER_REFETCH_REWARDS: readonly RewardType[] = ['gift', 'gold', 'sg']

/** in_progress: the level's target not reached; receivable; completed: every level received. */
export type RewardStatus = 'in_progress' | 'receivable' | 'completed'

export const TOKYO_OFFSET_MS = 9 * 3_600_000
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
export const DAY_SET_STARTS_HOUR = 5
export const NIGHT_SET_STARTS_HOUR = 17

export interface MissionWindow {
  startsMs: number
  endsMs: number
}

/** Which daily set is open at `ms`: day from 05:00, night from 17:00 (Tokyo). */
export function dailyPeriodAt(ms: number): DailyPeriod {
  const hour = Math.floor(((ms + TOKYO_OFFSET_MS) % DAY_MS) / HOUR_MS)
  return hour >= DAY_SET_STARTS_HOUR && hour < NIGHT_SET_STARTS_HOUR ? 'day' : 'night'
}

const startsHour = (period: DailyPeriod) =>
  period === 'day' ? DAY_SET_STARTS_HOUR : NIGHT_SET_STARTS_HOUR

/** Epoch ms of the latest Tokyo `hour`:00 at or before `ms`. */
function lastTokyoHour(ms: number, hour: number): number {
  const shifted = ms + TOKYO_OFFSET_MS - hour * HOUR_MS
  return Math.floor(shifted / DAY_MS) * DAY_MS - TOKYO_OFFSET_MS + hour * HOUR_MS
}

/**
 * The window of a daily set that is open at `ms`, or — when the other set is open — the set's
 * next window (it has not begun: nothing counts in it yet).
 */
export function dailyWindow(period: DailyPeriod, ms: number): MissionWindow {
  const length = 12 * HOUR_MS
  const startsMs = lastTokyoHour(ms, startsHour(period))
  if (ms < startsMs + length) return { startsMs, endsMs: startsMs + length }
  return { startsMs: startsMs + DAY_MS, endsMs: startsMs + DAY_MS + length }
}

/** Whether a window holds `ms`. */
export const isWithin = (w: MissionWindow, ms: number) => ms >= w.startsMs && ms < w.endsMs

/** The Tokyo calendar date (YYYY-MM-DD) of `ms`. */
const tokyoDate = (ms: number) => new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 10)

/** Epoch ms of 05:00 Tokyo on the 1st of the month `monthsAhead` after the one of `isoDay`. */
function monthStart(isoDay: string, monthsAhead: number): number {
  const year = Number(isoDay.slice(0, 4))
  const month = Number(isoDay.slice(5, 7)) - 1 + monthsAhead
  return Date.UTC(year, month, 1) - TOKYO_OFFSET_MS + DAY_SET_STARTS_HOUR * HOUR_MS
}

/** The month's window holding `ms`: 05:00 on the 1st to 05:00 on the next 1st (Tokyo). */
export function monthlyWindow(ms: number): MissionWindow {
  const day = missionDay(ms)
  return { startsMs: monthStart(day, 0), endsMs: monthStart(day, 1) }
}

/**
 * The mission day (YYYY-MM-DD) holding `ms`: the Tokyo date of the last 05:00, or for a night
 * set's missions the date its night began (17:00): 02:00 on the 2nd is the night of the 1st.
 */
export function missionDay(ms: number, period: DailyPeriod = 'day'): string {
  return tokyoDate(ms - startsHour(period) * HOUR_MS)
}

/** The day before an ISO day. */
export const dayBefore = (isoDay: string) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)

/** One level of a mission: its target and what reaching it gives. */
export interface MissionLevel {
  level: number
  target_value: number
  reward_type: RewardType
  reward_id: number
  reward_num: number
}

/** Where a user stands on a mission in its window. */
export interface MissionStanding {
  value: number
  /** Levels whose target was reached. */
  achieved: number
  /** Levels whose reward was received. */
  received: number
}

/**
 * The level a mission shows — the first not yet received, or the last when all are — with
 * how many rewards wait to be received and the reward's status.
 */
export function missionLevelView<L extends MissionLevel>(levels: readonly L[], s: MissionStanding) {
  const max = levels.length
  const current = Math.min(s.received + 1, max)
  const status: RewardStatus =
    s.received >= max ? 'completed' : s.achieved > s.received ? 'receivable' : 'in_progress'
  return {
    level: levels[current - 1],
    current_level: current,
    max_level: max,
    remain_reward: Math.max(0, s.achieved - s.received),
    reward: status,
  }
}
