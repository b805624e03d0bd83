// The developer endpoints (/dev/api/…, on in development and the demo, 404 in production).

/** One message the local SMS and mail provider kept (server/services/outbox.ts). */
export interface OutboxMessage {
  id: number
  channel: 'sms' | 'mail'
  recipient: string
  /** '' for an SMS. */
  subject: string
  body: string
  /** Unix seconds. */
  created_at: number
}

/** `GET /dev/api/outbox`: the latest messages, newest first. */
export interface OutboxAnswer {
  messages: OutboxMessage[]
}

/** One group of like error events the collector stored (server/services/observability). */
export interface ErrorGroupEntry {
  id: number
  source: 'client' | 'server'
  title: string
  culprit: string
  count: number
  /** Unix seconds. */
  first_seen: number
  last_seen: number
  level: string
  environment: string
  release: string
  /** The newest event of the group, as stored (no IP, cookies or headers). */
  sample: Record<string, unknown>
}

/** `GET /dev/api/errors`: the error groups, the most recently seen first. */
export interface ErrorGroupsAnswer {
  groups: ErrorGroupEntry[]
}
