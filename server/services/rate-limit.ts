import { sql } from 'kysely'
import type { Db } from '../db/index.ts'

export interface Limit {
  max: number
  windowMs: number
}

/**
 * Records one attempt under each key and answers false when any key already had `max` in the
 * window. Kept in the database so every process behind a load balancer counts the same attempts.
 */
export async function allowAttempt(
  db: Db,
  keys: readonly string[],
  limit: Limit,
): Promise<boolean> {
  const since = new Date(Date.now() - limit.windowMs)
  return db.transaction().execute(async (tx) => {
    const counts = await tx
      .selectFrom('rate_events')
      .select(['key', sql<number>`count(*)::int`.as('n')])
      .where('key', 'in', keys)
      .where('at', '>', since)
      .groupBy('key')
      .execute()
    if (counts.some((c) => c.n >= limit.max)) return false
    await tx
      .insertInto('rate_events')
      .values(keys.map((key) => ({ key })))
      .execute()
    // Old rows are useless; drop this key's now and then rather than run a sweeper.
    await tx.deleteFrom('rate_events').where('key', 'in', keys).where('at', '<', since).execute()
    return true
  })
}
