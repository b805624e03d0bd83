import type { ColumnType, Generated } from 'kysely'
import type {
  CountMode,
  DailyPeriod,
  MissionAction,
  MissionGenre,
  MissionKind,
  RewardType,
} from '../../src/domain/missions.ts'

/** Kysely's view of the missions' tables (migration 018); DB in schema.ts extends it. */
export interface MissionTables {
  mission_campaigns: MissionCampaignTable
  mission_campaign_periods: MissionCampaignPeriodTable
  missions: MissionTable
  mission_levels: MissionLevelTable
  mission_progress: MissionProgressTable
  mission_rewards: MissionRewardTable
  follows_ever: FollowEverTable
}

export interface MissionCampaignTable {
  id: number
  title: string
  description: Generated<string>
  starts_at: Date
  ends_at: Date
}

export interface MissionCampaignPeriodTable {
  campaign_id: number
  period_no: number
  title: string
  starts_at: Date
  ends_at: Date
}

export interface MissionTable {
  id: number
  genre: MissionGenre
  daily_period: DailyPeriod | null
  campaign_id: number | null
  period_no: number | null
  kind: MissionKind
  action: MissionAction | null
  count_mode: Generated<CountMode>
  title: string
  order_no: number
  is_hidden: Generated<boolean>
}

export interface MissionLevelTable {
  mission_id: number
  level: number
  target_value: number
  reward_type: RewardType
  reward_id: Generated<number>
  reward_num: number
}

export interface MissionProgressTable {
  user_id: number
  mission_id: number
  window_start: Date
  value: Generated<number>
  /** A date column: written as YYYY-MM-DD, read as a Date (midnight UTC of that date). */
  last_day: ColumnType<Date | null, string | null | undefined, string | null>
  achieved: Generated<number>
  prev_achieved: Generated<number>
  received: Generated<number>
  updated_at: Generated<Date>
}

export interface MissionRewardTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  user_id: number
  mission_id: number
  window_start: Date
  level: number
  reward_type: RewardType
  reward_id: number
  reward_num: number
  granted_num: number
  received_at: Generated<Date>
}

export interface FollowEverTable {
  user_id: number
  room_id: number
}
