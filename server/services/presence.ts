import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import type { Logger } from '../env.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'

/** A report older than this many intervals is from a process that is gone. */
const FRESH_INTERVALS = 3
/** Rows per insert: 3 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const ROWS_PER_INSERT = 1000

/**
 * Every process reports how many sockets follow each live key (its own viewers) to the
 * database every `intervalMs`; a live's viewers are the sum of the fresh reports of all
 * processes, so counts add up behind a load balancer. Stopping removes this process's reports.
 */
export function startPresence(deps: { db: Db; hub: PushHub; logger: Logger; intervalMs: number }) {
  const { db, hub, logger, intervalMs } = deps
  const processId = randomUUID()
  let running: Promise<void> = Promise.resolve()
  const report = async () => {
    const counts = hub.counts()
    // Only the keys of lives on air count: a socket may SUB any well-formed key, and those of
    // nothing on air are no viewers of anything (nor rows for the database to hold).
    const onAir =
      counts.size === 0
        ? []
        : await db.selectFrom('lives').select('bcsvr_key').where('ended_at', 'is', null).execute()
    const rows = onAir.flatMap(({ bcsvr_key }) => {
      const viewers = counts.get(bcsvr_key) ?? 0
      return viewers > 0 ? [{ process_id: processId, bcsvr_key, viewers }] : []
    })
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('live_presence').where('process_id', '=', processId).execute()
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        await tx
          .insertInto('live_presence')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          .execute()
      }
    })
  }
  const tick = () => {
    running = running.then(report).catch((error: unknown) => {
      logger.error('presence report failed', { error: String(error) })
    })
  }
  tick()
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return {
    processId,
    async stop() {
      clearInterval(timer)
      await running
      await db.deleteFrom('live_presence').where('process_id', '=', processId).execute()
    },
  }
}

/** Viewers on the push socket of a live key, over every process with a fresh report. */
export async function socketViewers(db: Db, key: string, intervalMs: number): Promise<number> {
  const since = new Date(Date.now() - FRESH_INTERVALS * intervalMs)
  const row = await db
    .selectFrom('live_presence')
    .select(sql<number>`coalesce(sum(viewers), 0)::int`.as('n'))
    .where('bcsvr_key', '=', key)
    .where('seen_at', '>', since)
    .executeTakeFirstOrThrow()
  return row.n
}
