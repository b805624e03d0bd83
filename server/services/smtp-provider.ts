import nodemailer from 'nodemailer'
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js'
import type { MailConfig } from '../config-mail.ts'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { startMailSender, type MailTransport } from './mail-queue.ts'
import type { MessageProvider } from './message-provider.ts'
import { localOutbox, maskRecipient } from './outbox.ts'

/** nodemailer over SMTP_URL. Timeouts short enough that one dead server does not hold the queue. */
export function smtpTransport(mail: MailConfig & { smtpUrl: string }): MailTransport {
  const options: SMTPTransport.Options = {
    url: mail.smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  }
  const transporter = nodemailer.createTransport(options)
  return {
    async send({ to, subject, text }) {
      await transporter.sendMail({ from: mail.from, to, subject, text })
    },
    close: () => transporter.close(),
  }
}

/**
 * The provider when SMTP_URL is set: a mail is queued (`mail_queue`, migration 035) and the
 * request answers; the mail sender (mail-queue.ts) sends it, with retries. SMS stays with the
 * outbox (there is no SMS gateway yet). In the demo each mail is also written to the outbox, so
 * /dev/outbox still shows everything the site sent.
 */
export function smtpMessages(options: {
  db: Db
  logger: Logger
  outbox: MessageProvider
  copyToOutbox: boolean
  wake: () => void
}): MessageProvider {
  const { db, logger, outbox } = options
  return {
    async send(message) {
      if (message.channel !== 'mail') return outbox.send(message)
      const subject = message.subject ?? ''
      await db
        .insertInto('mail_queue')
        .values({ recipient: message.recipient, subject, body: message.body })
        .execute()
      logger.info('mail queued', { to: maskRecipient(message.recipient), subject })
      if (options.copyToOutbox) await outbox.send(message)
      options.wake()
    },
  }
}

/**
 * The site's messages for a process that sends none itself (an operator command): with SMTP_URL,
 * queued in `mail_queue` for the server's mail sender (it looks at the queue at least every
 * MAIL_POLL_MS); without, the outbox — as the server would have done.
 */
export function queuedMessages(
  config: { mail: MailConfig; demo: boolean },
  db: Db,
  logger: Logger,
): MessageProvider {
  const outbox = localOutbox(db, logger)
  if (!config.mail.smtpUrl) return outbox
  return smtpMessages({ db, logger, outbox, copyToOutbox: config.demo, wake: () => {} })
}

/**
 * The site's messages as the config says: with SMTP_URL, the SMTP provider and its sender
 * (stopped on shutdown); without, none here — the app's default, the outbox, takes them.
 */
export function startMail(
  config: { mail: MailConfig; demo: boolean },
  db: Db,
  logger: Logger,
): { messages: MessageProvider | undefined; stop(): Promise<void> } {
  const { mail } = config
  const { smtpUrl } = mail
  if (!smtpUrl) {
    // Production keeps mail in the outbox too until the operator sets SMTP_URL: say so at start.
    if (!config.demo) logger.info('mail kept in the outbox: set SMTP_URL to send it')
    return { messages: undefined, stop: async () => {} }
  }
  const sender = startMailSender({
    db,
    logger,
    transport: smtpTransport({ ...mail, smtpUrl }),
    maxAttempts: mail.maxAttempts,
    retryBaseMs: mail.retryBaseMs,
    pollMs: mail.pollMs,
  })
  logger.info('mail through SMTP', { smtp: mail.smtpHost, from: mail.from })
  const messages = smtpMessages({
    db,
    logger,
    outbox: localOutbox(db, logger),
    copyToOutbox: config.demo,
    wake: () => sender.wake(),
  })
  return { messages, stop: () => sender.stop() }
}
