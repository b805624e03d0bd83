import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { advanceMissions } from './progress.ts'

/**
 * A poll this long after the last credit starts a new stretch of watching: the time between was
 * not watched (the room polls every 30 s).
 */
export const WATCH_GAP_MS = 3 * 60_000

/**
 * Minutes watched, from a signed-in viewer's polls of a live on air: each poll credits the whole
 * minutes since the last credit and moves the mark by just those, so the seconds left over count
 * at the next poll. Two tabs, or a poll sent twice, find the mark already moved: wall time is
 * counted once. Answers whether the minutes reached a mission's level.
 */
export async function creditWatching(db: Db, userId: number, atMs: number): Promise<boolean> {
  const at = new Date(atMs)
  return db.transaction().execute(async (tx) => {
    const marked = await sql<{ minutes: number }>`
      with old as (
        select watch_credited_at as mark from users where id = ${userId}::int for update
      ),
      step as (
        select case
          when mark is null or mark > ${at}::timestamptz
            or ${at}::timestamptz - mark > ${`${WATCH_GAP_MS} milliseconds`}::interval then -1
          else floor(extract(epoch from ${at}::timestamptz - mark) / 60)::int
        end as minutes
        from old
      )
      update users set watch_credited_at = case
          when step.minutes < 0 then ${at}::timestamptz
          else users.watch_credited_at + step.minutes * interval '1 minute'
        end
      from step
      where users.id = ${userId}::int
      returning greatest(step.minutes, 0) as minutes`.execute(tx)
    const minutes = marked.rows[0]?.minutes ?? 0
    return advanceMissions(tx, { userId, action: 'watch_minutes', amount: minutes, atMs })
  })
}
