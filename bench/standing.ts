import { sql } from 'kysely'
import type { Db } from '../server/db/index.ts'
import { aggregateWeek } from '../server/services/rankings/grades.ts'
import { addDays, lastEndedWeek } from '../server/services/rankings/weeks.ts'
import { periodStart, SCORE_PERIODS } from '../src/domain/scores.ts'
import { GRADES } from '../src/domain/grades.ts'
import { postgresReachable, startTestServer, type Engine } from '../test/server/harness.ts'
import { load, measures, type Load } from './api-latency.ts'
import type { BenchResult, Measure } from './report.ts'

const ROOMS = 10_000
/** Requests a second in all: half SHOWRANKs of random rooms, half ranking pages. */
const RATE = 1000
/** The ranking pages read: every genre and one, each period, the first pages. */
const PAGES = 5
/** Paths in turn per load child (one argument to it: under the 128 KB a process argument may be). */
const PATHS = 2000

/**
 * ROOMS rooms with scores this day, week and month and a grade, and a week before last with
 * scores to aggregate: a handful of set-based inserts.
 */
async function setUp(db: Db) {
  const genres = (await db.selectFrom('genres').select('id').execute()).map((g) => g.id)
  const rooms = await db
    .insertInto('rooms')
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        room_url_key: `standing_${i}`,
        room_name: `スタンディング${i}`,
        main_name: `スタンディング${i}`,
        owner_user_id: null,
        genre_id: genres[i % genres.length] ?? 101,
        created_at: new Date(Date.now() - 120 * 86_400_000),
      })),
    )
    .returning('id')
    .execute()
  const ids = rooms.map((r) => r.id)
  const nowMs = Date.now()
  // A week long past, not yet aggregated: what the job would find after downtime.
  const week = addDays(lastEndedWeek(nowMs), -70)
  const rows = [
    ...SCORE_PERIODS.map((p) => ({ period: p, startsOn: periodStart(p, nowMs) })),
    { period: 'week' as const, startsOn: week },
  ]
  for (const { period, startsOn } of rows) {
    await sql`
      insert into room_scores (room_id, period, starts_on, paid_points, free_points, viewers)
      select id, ${period}, ${startsOn}::date, (random() * 20000)::int, (random() * 5000)::int,
        (random() * 50)::int
      from unnest(${ids}::int[]) as id
      on conflict do nothing`.execute(db)
  }
  await sql`
    insert into room_grades (room_id, grade_id, since_week)
    select id, 1 + (id % ${GRADES.length}::int), ${week}::date from unnest(${ids}::int[]) as id
    on conflict do nothing`.execute(db)
  return { ids, week }
}

async function standingUnderLoad(engine: Engine, duration: number): Promise<Measure[]> {
  // The ranking pages and places come from the scores' board (RANKING_BOARD_MS, 3 s by default);
  // READ_CACHE_MS=0 keeps the general read cache out of it. PGlite in its own thread.
  const server = await startTestServer(
    engine,
    { READ_CACHE_MS: '0', RANKING_BOARD_MS: '3000' },
    undefined,
    { ownThread: true },
  )
  try {
    const db = server.database.db
    const { ids, week } = await setUp(db)
    const started = performance.now()
    await aggregateWeek(db, week)
    const aggregationMs = performance.now() - started

    const genres = (await db.selectFrom('genres').select('id').execute()).map((g) => String(g.id))
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T
    const ranks = Array.from({ length: PATHS }, () => `/api/show_rank?room_id=${pick(ids)}`)
    const pages = Array.from(
      { length: PATHS },
      () =>
        `/api/genre_ranking/${pick(['all', ...genres])}/${pick(['daily', 'weekly', 'monthly'])}/${1 + Math.floor(Math.random() * PAGES)}`,
    )
    // Warm up the JIT and the boards.
    await load({ url: server.url, paths: ranks, duration: 1, connections: 10, rate: 0 })
    await load({ url: server.url, paths: pages, duration: 1, connections: 10, rate: 0 })
    const [rank, page] = await Promise.all([
      load({ url: server.url, paths: ranks, duration, connections: 1, rate: RATE / 2 }),
      load({ url: server.url, paths: pages, duration, connections: 1, rate: RATE / 2 }),
    ])
    const all: Load = {
      rps: rank.rps + page.rps,
      p50: Math.max(rank.p50, page.p50),
      p99: Math.max(rank.p99, page.p99),
      ok: rank.ok + page.ok,
      total: rank.total + page.total,
    }
    return [
      ...measures(`show_rank + genre_ranking (${engine})`, all, 10, RATE),
      { name: `show_rank p99 (${engine})`, value: Math.round(rank.p99 * 10) / 10, unit: 'ms' },
      { name: `genre_ranking p99 (${engine})`, value: Math.round(page.p99 * 10) / 10, unit: 'ms' },
      {
        name: `weekly grade aggregation of ${ROOMS.toLocaleString('en')} rooms (${engine})`,
        value: Math.round(aggregationMs),
        unit: 'ms',
        target: { kind: 'max', value: 10_000 },
      },
    ]
  } finally {
    await server.close()
  }
}

/**
 * `GET /api/show_rank` (random rooms) and `/api/genre_ranking/{genre}/{period}/{page}` at a
 * steady 1,000 requests/s in all with 10,000 ranked rooms (target p99 ≤ 10 ms), and the weekly
 * grade aggregation of those rooms — on PGlite, and on PostgreSQL when reachable.
 */
export async function benchStanding(options: { quick: boolean }): Promise<BenchResult> {
  const duration = options.quick ? 3 : 8
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite']
  const results: Measure[] = []
  for (const engine of engines) results.push(...(await standingUnderLoad(engine, duration)))
  return {
    name: 'standing',
    description:
      `GET /api/show_rank?room_id= (random rooms) at ${RATE / 2}/s and /api/genre_ranking/` +
      `{all|genre}/{daily|weekly|monthly}/{1–${PAGES}} at ${RATE / 2}/s (steady autocannon children) ` +
      `for ${duration} s with ${ROOMS.toLocaleString('en')} rooms scored this day, week and month; ` +
      `RANKING_BOARD_MS=3000, READ_CACHE_MS=0; then one weekly grade aggregation of every room ` +
      `(aggregateWeek, timed in-process); one process per engine`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: results,
  }
}
