import type { Logger } from '../env.ts'
import type { Db } from '../db/index.ts'
import type { MessageProvider } from './message-provider.ts'

/**
 * The local provider: keeps every message in the `outbox` table, shown at /dev/outbox in the
 * demo. The log says a message went out and to whom (masked), never its body: a code in a log
 * is a code anyone with the log can use.
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
        to: maskRecipient(message.recipient),
        subject: message.subject,
      })
    },
  }
}

export async function listOutbox(db: Db, limit = 50) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute()
}

/** `09*******01`, `d***@kirari.example`: enough to tell messages apart in a log. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@')
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`
  return recipient.length <= 4
    ? '*'.repeat(recipient.length)
    : `${recipient.slice(0, 2)}${'*'.repeat(recipient.length - 4)}${recipient.slice(-2)}`
}
