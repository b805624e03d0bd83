import type { Logger } from '../env.ts'
import type { Db } from '../db/index.ts'
import { purgeExpiredWatches } from './ad-reward.ts'
import { startJob } from './jobs.ts'
import { purgeRateCounters } from './rate-limit.ts'
import { purgeErrorGroups } from './observability/errors.ts'
import { purgeSocial } from './social-login.ts'
import { purgeIdempotencyKeys } from './idempotency.ts'
import { PUSH_CLAIM_KEPT_MS } from './web-push/sender.ts'

/** Used captchas and codes are kept this long (a support question about a login), then go. */
const USED_KEPT_MS = 60 * 60_000
/** Mail sent, or given up on, is kept this long (what a support question may ask), then goes. */
export const MAIL_KEPT_MS = 30 * 86_400_000
/**
 * Presence reports older than this are a process's that is gone (live ones report every few
 * seconds; only fresh reports are counted): they go.
 */
export const PRESENCE_KEPT_MS = 60 * 60_000

/**
 * Deletes what has expired: sessions (anonymous ones live a day), captchas, SMS codes, ad watches
 * left open past their lifetime, finished rate-limit windows, error groups a month quiet, social
 * logins' authorizations and pending sign-ups past their time, mail sent or given up on a month
 * ago, idempotency keys and push notifications claimed by a process that died a day old, and the presence reports of processes gone an hour. Idempotent: two processes
 * running it at once delete each row once between them. Answers how many rows went, per table.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<Record<string, number>> {
  const usedBefore = new Date(now.getTime() - USED_KEPT_MS)
  const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)
  return {
    sessions: count(
      await db.deleteFrom('sessions').where('expires_at', '<', now).executeTakeFirst(),
    ),
    captchas: count(
      await db
        .deleteFrom('captchas')
        .where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', '<', usedBefore)]))
        .executeTakeFirst(),
    ),
    sms_codes: count(
      await db
        .deleteFrom('sms_codes')
        .where((eb) => eb.or([eb('expires_at', '<', usedBefore), eb('used_at', '<', usedBefore)]))
        .executeTakeFirst(),
    ),
    ad_reward_watches: await purgeExpiredWatches(db, now),
    rate_counters: await purgeRateCounters(db, now),
    error_groups: await purgeErrorGroups(db, now),
    social_logins: await purgeSocial(db, now),
    mail_queue: count(
      await db
        .deleteFrom('mail_queue')
        .where('status', 'in', ['sent', 'failed'])
        .where(
          (eb) => eb.fn.coalesce('sent_at', 'created_at'),
          '<',
          new Date(now.getTime() - MAIL_KEPT_MS),
        )
        .executeTakeFirst(),
    ),
    idempotency_keys: await purgeIdempotencyKeys(db, now),
    // A notification claimed by a process that died before its answer (never sent again).
    push_outbox: count(
      await db
        .deleteFrom('push_outbox')
        .where('claimed_at', '<', new Date(now.getTime() - PUSH_CLAIM_KEPT_MS))
        .executeTakeFirst(),
    ),
    live_presence: count(
      await db
        .deleteFrom('live_presence')
        .where('seen_at', '<', new Date(now.getTime() - PRESENCE_KEPT_MS))
        .executeTakeFirst(),
    ),
  }
}

/** purgeExpired every `intervalMs` (PURGE_INTERVAL_MS; 0 = off). */
export function startPurge(deps: { db: Db; logger: Logger; intervalMs: number }) {
  return startJob({
    name: 'purge',
    intervalMs: deps.intervalMs,
    logger: deps.logger,
    run: async () => {
      const purged = await purgeExpired(deps.db)
      if (Object.values(purged).some((n) => n > 0)) deps.logger.info('purged', purged)
    },
  })
}
