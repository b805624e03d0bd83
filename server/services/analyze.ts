import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import type { Logger } from '../env.ts'
import { startJob, type Job } from './jobs.ts'

/** How often PGlite's tables are analysed. */
export const ANALYZE_INTERVAL_MS = 10 * 60_000

/**
 * PGlite has no autovacuum, so its planner never learns how many rows a table holds and what
 * they look like: after rooms grow into the thousands it keeps plans made for empty tables
 * (room search took ten times as long). This job does what autovacuum's analyze does on
 * PostgreSQL; only PGlite runs it.
 */
export function startAnalyze(deps: { db: Db; engine: 'pglite' | 'postgres'; logger: Logger }): Job {
  return startJob({
    name: 'analyze',
    intervalMs: deps.engine === 'pglite' ? ANALYZE_INTERVAL_MS : 0,
    logger: deps.logger,
    // Not at start: a fresh process has nothing new to learn, and a start is busy enough.
    now: false,
    run: async () => {
      await sql`analyze`.execute(deps.db)
    },
  })
}
