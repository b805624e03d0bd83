import { sql } from 'kysely'
import type { Db } from '../db/index.ts'

export interface Limit {
  max: number
  windowMs: number
}

/** Windows that started at or before this are over (the database's clock). */
const windowEnd = (limit: Limit) =>
  sql<Date>`now() - make_interval(secs => ${limit.windowMs / 1000})`

/**
 * Counts one attempt under `key` and answers true, or answers false and counts nothing when the
 * key's current window already holds `max`. One conditional upsert: PostgreSQL locks the key's
 * row for it, so a parallel burst gets exactly `max` trues whatever the timing. Kept in the
 * database so every process behind a load balancer counts the same attempts.
 */
export async function hit(db: Db, key: string, limit: Limit): Promise<boolean> {
  // The database's clock, not each process's: windows mean the same behind a load balancer.
  const now = sql<Date>`now()`
  const expired = windowEnd(limit)
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          hits: sql<number>`case when rate_counters.window_start <= ${expired} then 1 else rate_counters.hits + 1 end`,
          window_start: sql<Date>`case when rate_counters.window_start <= ${expired} then ${now} else rate_counters.window_start end`,
        })
        .where((eb) =>
          eb.or([
            eb('rate_counters.window_start', '<=', expired),
            eb('rate_counters.hits', '<', limit.max),
          ]),
        ),
    )
    .returning('hits')
    .executeTakeFirst()
  return row !== undefined
}

/** Whether `key` has used up its current window, without counting anything. */
export async function isLimited(db: Db, key: string, limit: Limit): Promise<boolean> {
  const row = await db
    .selectFrom('rate_counters')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '>', windowEnd(limit))
    .executeTakeFirst()
  return row !== undefined && row.hits >= limit.max
}

/** Forgets a key's attempts (a login that succeeded clears the failures before it). */
export async function resetLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute()
}

/** One attempt under every key, in order; false at the first key whose window is full. */
export async function allowAttempt(
  db: Db,
  keys: readonly string[],
  limit: Limit,
): Promise<boolean> {
  for (const key of keys) if (!(await hit(db, key, limit))) return false
  return true
}

/** Windows that ended more than a day ago are of no use to anyone (services/purge.ts). */
export async function purgeRateCounters(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_counters')
    .where('window_start', '<', new Date(now.getTime() - 86_400_000))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
