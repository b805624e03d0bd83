import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { jobRuns } from './observability/metrics.ts'
import type { Job } from './jobs.ts'
import { maskRecipient } from './outbox.ts'

/** What sends one mail (nodemailer over SMTP in services/smtp-provider.ts; a fake in a test). */
export interface MailTransport {
  send(mail: { to: string; subject: string; text: string }): Promise<void>
  close(): void
}

export interface MailSender extends Job {
  /** A mail was queued: look for due mails now rather than at the next poll. */
  wake(): void
}

export interface MailSenderOptions {
  db: Db
  logger: Logger
  transport: MailTransport
  /** Attempts a mail gets; after the last failed one it is marked failed. */
  maxAttempts: number
  /** The wait after the first failure; each next one is four times longer (1 s, 4 s, 16 s…). */
  retryBaseMs: number
  /** The longest the sender sleeps between looks at the queue. */
  pollMs: number
}

/** A claimed mail is due again after this, should its sender die mid-send (its lease). */
const LEASE_MS = 10 * 60_000
const BATCH = 10
/** No wait between attempts is longer than a day. */
const MAX_DELAY_MS = 86_400_000

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelay(retryBaseMs: number, attempts: number): number {
  return Math.min(retryBaseMs * 4 ** Math.max(0, attempts - 1), MAX_DELAY_MS)
}

const fromNow = (ms: number) => sql<Date>`now() + (${ms}::float8 * interval '1 millisecond')`

/**
 * Claims due mails (several processes may run this: `skip locked` keeps each mail to one) by
 * moving their next attempt a lease ahead, then sends them one by one.
 */
async function claim(db: Db) {
  return db
    .updateTable('mail_queue')
    .set({ next_attempt_at: fromNow(LEASE_MS) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'queued')
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'recipient', 'subject', 'body', 'attempts'])
    .execute()
}

type Claimed = Awaited<ReturnType<typeof claim>>[number]

/** One attempt at one mail: sent, or retried later, or (after the last attempt) failed. */
async function attempt(options: MailSenderOptions, mail: Claimed): Promise<void> {
  const { db, logger, transport, maxAttempts, retryBaseMs } = options
  const attempts = mail.attempts + 1
  const fields = { id: mail.id, to: maskRecipient(mail.recipient), subject: mail.subject, attempts }
  try {
    await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body })
  } catch (error) {
    const lastError = String(error instanceof Error ? error.message : error).slice(0, 1000)
    if (attempts >= maxAttempts) {
      await db
        .updateTable('mail_queue')
        .set({ status: 'failed', attempts, last_error: lastError })
        .where('id', '=', mail.id)
        .execute()
      logger.error('mail failed', { ...fields, error: lastError })
      return
    }
    const delay = retryDelay(retryBaseMs, attempts)
    await db
      .updateTable('mail_queue')
      .set({ attempts, last_error: lastError, next_attempt_at: fromNow(delay) })
      .where('id', '=', mail.id)
      .execute()
    logger.error('mail send failed, retrying', { ...fields, error: lastError, retryInMs: delay })
    return
  }
  await db
    .updateTable('mail_queue')
    .set({ status: 'sent', attempts, sent_at: sql<Date>`now()` })
    .where('id', '=', mail.id)
    .execute()
  logger.info('mail sent', fields)
}

/** Sends what is due; answers how long until the next queued mail is (null: none queued). */
async function sendDue(options: MailSenderOptions): Promise<number | null> {
  const { db } = options
  for (;;) {
    const batch = await claim(db)
    for (const mail of batch) await attempt(options, mail)
    if (batch.length < BATCH) break
  }
  const next = await sql<{ ms: number | null }>`
    select (extract(epoch from (min(next_attempt_at) - now())) * 1000)::float8 as ms
    from mail_queue where status = 'queued'`.execute(db)
  const ms = next.rows[0]?.ms
  return ms === null || ms === undefined ? null : Math.max(0, ms)
}

/**
 * The mail sender: at start (so mails queued before a restart go out), when woken by a new
 * mail, when a retry is due and at least every `pollMs`. One run at a time; a failed run (the
 * database away) is logged and the next poll tries again.
 */
export function startMailSender(options: MailSenderOptions): MailSender {
  const { logger, pollMs } = options
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (stopped) return
    timer = setTimeout(tick, Math.min(Math.max(0, ms), pollMs))
    timer.unref()
  }
  function tick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = sendDue(options)
      .then(
        (next) => {
          jobRuns.inc({ job: 'mail', outcome: 'ok' })
          return next ?? pollMs
        },
        (error: unknown) => {
          jobRuns.inc({ job: 'mail', outcome: 'failed' })
          logger.error('mail sender failed', { error: String(error) })
          return pollMs
        },
      )
      .then((next) => {
        running = undefined
        schedule(again ? 0 : next)
        again = false
      })
  }

  schedule(0)
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      options.transport.close()
    },
  }
}
