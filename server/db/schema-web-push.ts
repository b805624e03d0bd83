import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the Web Push tables (migrations 046 and 048, issues #41, #50); DB extends it. */
export interface WebPushTables {
  push_subscriptions: PushSubscriptionTable
  push_outbox: PushOutboxTable
}

export interface PushSubscriptionTable {
  /** bigserial: pg returns it as a string. */
  id: ColumnType<string, never, never>
  user_id: number
  endpoint: string
  p256dh: string
  auth: string
  /** What the user sees in their device list ("Chrome · Android"). */
  label: Generated<string>
  send_schedule: Generated<boolean>
  send_news: Generated<boolean>
  created_at: CreatedAt
  last_sent_at: Date | null
  /** The login session it was subscribed in (migration 048): logging out of it removes it. */
  session_id: string | null
}

export interface PushOutboxTable {
  id: ColumnType<string, never, never>
  subscription_id: string
  notice_id: string
  attempts: Generated<number>
  next_at: Generated<Date>
  claimed_at: Date | null
  created_at: CreatedAt
}
