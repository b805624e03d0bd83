import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the follow, search and notice tables (migrations 019–024); DB extends it. */
export interface FollowTables {
  follows: FollowTable
  room_schedules: RoomScheduleTable
  user_notices: UserNoticeTable
  notice_fanouts: NoticeFanoutTable
  site_news: SiteNewsTable
  live_tags: LiveTagTable
}

export interface RoomScheduleTable {
  room_id: number
  title: Generated<string>
  starts_at: Date
  updated_at: Generated<Date>
  /** The day-before reminder (migration 025): the last follower told, and when it was done. */
  reminder_after_user_id: Generated<number>
  reminded_at: Date | null
}

export type NoticeKind = 'live_start' | 'schedule' | 'mission' | 'gacha' | 'news'

export interface UserNoticeTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  user_id: number
  kind: NoticeKind
  title: string
  body: Generated<string>
  url: Generated<string>
  room_id: number | null
  live_id: number | null
  created_at: CreatedAt
  read_at: Date | null
  /** Which site news this is (kind 'news'), and which schedule time (kind 'schedule'). */
  news_id: number | null
  schedule_at: Date | null
}

export interface NoticeFanoutTable {
  live_id: number
  room_id: number
  after_user_id: Generated<number>
  created_at: CreatedAt
  done_at: Date | null
}

/** Site news (migration 025): published by an insert, told to every user in batches. */
export interface SiteNewsTable {
  id: Generated<number>
  title: string
  body: Generated<string>
  url: Generated<string>
  published_at: Generated<Date>
  after_user_id: Generated<number>
  done_at: Date | null
}

export interface LiveTagTable {
  live_id: number
  tag: string
  position: number
}

export interface FollowTable {
  user_id: number
  room_id: number
  created_at: CreatedAt
  /** Notices of the room's lives (issue #20): on unless the follower turned them off. */
  push_send_status: Generated<boolean>
}
