import type { Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the reports and a room's comment blocks (migrations 004–); DB extends it. */
export interface ReportTables {
  live_reports: LiveReportTable
  user_reports: UserReportTable
  comment_blocks: CommentBlockTable
}

export interface LiveReportTable {
  id: Generated<number>
  live_id: number
  user_id: number
  category_id: number
  comment: Generated<string>
  created_at: CreatedAt
}

export interface UserReportTable {
  id: Generated<number>
  room_id: number
  reporter_user_id: number
  reported_user_id: number
  category_id: number
  place_id: Generated<number>
  comment: Generated<string>
  is_blocked_post: Generated<boolean>
  created_at: CreatedAt
}

export interface CommentBlockTable {
  room_id: number
  user_id: number
  created_at: CreatedAt
}
