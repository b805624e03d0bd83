import type { Logger } from '../app.ts'
import type { Db } from '../db/index.ts'

export interface OutgoingMessage {
  channel: 'sms' | 'mail'
  recipient: string
  subject?: string
  body: string
}

/** Where SMS and mail go. A real provider (an SMS gateway, SMTP) implements the same call. */
export interface MessageProvider {
  send(message: OutgoingMessage): Promise<void>
}

/**
 * The local provider: keeps every message in the `outbox` table, shown at /dev/outbox, and
 * writes it to the server log, so codes and reset mails really arrive somewhere here.
 */
export function localOutbox(db: Db, logger: Logger): MessageProvider {
  return {
    async send(message) {
      await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? '',
          body: message.body,
        })
        .execute()
      logger.info('outbox', {
        channel: message.channel,
        to: message.recipient,
        subject: message.subject,
        body: message.body,
      })
    },
  }
}

export async function listOutbox(db: Db, limit = 50) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute()
}
