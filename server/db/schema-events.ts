import type { ColumnType, Generated } from 'kysely'
import type { EntryStatus, EventType } from '../../src/domain/events.ts'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the events' tables (migration 014); DB in schema.ts extends it. */
export interface EventTables {
  events: EventTable
  event_entries: EventEntryTable
  event_contributions: EventContributionTable
  event_block_divisions: EventBlockDivisionTable
  event_reward_tiers: EventRewardTierTable
  event_rewards: EventRewardTable
}

/** A bigint of points (default 0): read as a string, written as a number or a string. */
type BigPoint = ColumnType<string, number | string | undefined, number | string>

export interface EventTable {
  id: Generated<number>
  url_key: string
  name: string
  description: Generated<string>
  image: Generated<string>
  event_type: Generated<EventType>
  organizer_user_id: number | null
  started_at: Date
  ended_at: Date
  entry_starts_at: Date
  entry_ends_at: Date
  min_follower_num: Generated<number>
  /** 0: none; else the lowest grade that may enter (migration 017). */
  min_grade_id: Generated<number>
  rewards: Generated<string>
  terms: Generated<string>
  tutorial_url: Generated<string>
  finalized_at: Date | null
  /** An event for virtual livers (migration 040): listed by /virtual_liver/events. */
  for_virtual: Generated<boolean>
  created_at: CreatedAt
}

export interface EventEntryTable {
  event_id: number
  room_id: number
  status: Generated<EntryStatus>
  refused_reason: Generated<string>
  block_division_id: Generated<number>
  /** bigint: the driver answers it as a string; read it with Number(). */
  point: BigPoint
  point_reached_at: ColumnType<Date, Date | undefined, Date>
  quest_level: Generated<number>
  /** bigint, as point. */
  sequence_num: BigPoint
  final_rank: number | null
  applied_at: CreatedAt
}

export interface EventContributionTable {
  event_id: number
  room_id: number
  user_id: number
  point: BigPoint
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface EventBlockDivisionTable {
  event_id: number
  id: number
  label: string
}

export interface EventRewardTierTable {
  event_id: number
  up_to_rank: number
  reward: string
}

export interface EventRewardTable {
  event_id: number
  room_id: number
  final_rank: number
  reward: string
  created_at: CreatedAt
}
