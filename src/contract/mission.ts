import * as v from 'valibot'
import type {
  DailyPeriod,
  MissionAction,
  MissionKind,
  RewardStatus,
  RewardType,
} from '../domain/missions.ts'
import { Id } from './common.ts'

/**
 * One mission as the user stands on it (SPEC §3 Mission): the level shown is the first whose
 * reward is not received yet (the last once all are), with that level's target and reward.
 * `kind`, `action` and `for_owner` are Kirari's, for the panel's wording.
 */
export interface Mission {
  mission_id: number
  title: string
  kind: MissionKind
  /** What it counts; null for a composite mission (it counts its set's single missions). */
  action: MissionAction | null
  /** A liver's mission (lives started, time on air): shown only to room owners. */
  for_owner: boolean
  reward_type: RewardType
  /** The free gift (gift), the prize (avatar, sg); 0 for gold. */
  reward_id: number
  reward_name: string
  reward_num: number
  reward_url: string
  current_value: number
  target_value: number
  /** Rewards reached and not yet received: the panel's tabs sum these per genre. */
  remain_reward: number
  current_level: number
  max_level: number
  reward: RewardStatus
}

/** The missions of one set: daily day or night, the month's. */
export interface MissionSet {
  composite_mission: Mission | null
  continuous_mission: Mission[]
  single_mission: Mission[]
  /** The set's window (unix seconds); for a daily set not open now, its next one. */
  starts_at: number
  ends_at: number
}

export interface DailyMissions {
  genre: 'daily'
  priority: number
  current_period: DailyPeriod
  day: MissionSet
  night: MissionSet
}

export interface MonthlyMissions extends MissionSet {
  genre: 'monthly'
  priority: number
}

export interface MissionPeriod {
  period_no: number
  title: string
  starts_at: number
  ends_at: number
  is_current: boolean
  mission: Mission[]
}

/** A limited campaign open now: its periods' missions and the ones counting on every day. */
export interface LimitedMissions {
  genre: 'limited'
  priority: number
  campaign_id: number
  title: string
  description: string
  starts_at: number
  ends_at: number
  periods: MissionPeriod[]
  all_days_mission: Mission[]
}

export type MissionGenreList = DailyMissions | MonthlyMissions | LimitedMissions

/** `GET /api/mission[?room_id=]`: room_id is the room the panel is open in (SPEC §7). */
export const MissionQuery = v.object({ room_id: v.optional(Id) })
export type MissionQuery = v.InferInput<typeof MissionQuery>

export interface MissionAnswer {
  /** Anonymous callers see the catalogue with no progress; receiving needs a login. */
  is_login: boolean
  /** The server's clock (unix seconds), for the day/night countdown. */
  now: number
  genres: MissionGenreList[]
}

/** `POST /api/mission/receive` (form or JSON): one reward of an achieved mission. */
export const MissionReceiveBody = v.object({ mission_id: Id })
export type MissionReceiveBody = v.InferInput<typeof MissionReceiveBody>

export interface MissionReceiveAnswer {
  /** The mission after receiving: its next level, or completed. */
  mission: Mission
  received_reward_type: RewardType
  /** What reached the user: free stars stop at the stock's cap. */
  received_num: number
  received_reward_name: string
}

/** What a comment, gift or watch answers about missions (SPEC §7). */
export interface MissionNews {
  has_achievement: boolean
}
