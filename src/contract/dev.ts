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
