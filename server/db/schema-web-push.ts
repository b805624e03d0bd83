import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the Web Push tables (migration 046, issue #41); DB extends it. */
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
