import { sql } from 'kysely'
import type { Db } from '../server/db/index.ts'
import { startLive } from '../server/services/lives.ts'
import { runNoticeFanouts } from '../server/services/notices/fanout.ts'
import { postgresReachable, startTestServer, type Engine } from '../test/server/harness.ts'
import { load, measures } from './api-latency.ts'
import type { BenchResult, Measure } from './report.ts'

const ROOMS = 10_000
const RATE = 300
const FOLLOWERS = 100_000
/** Paths per load child (one process argument). */
const PATHS = 2000

/** Name parts: katakana and kanji, so keywords of every width and kana find some rooms. */
const PARTS = [
  'アイ',
  'ソラ',
  'ヒカリ',
  'ミク',
  '歌',
  'ゲーム',
  'おしゃべり',
  'ダンス',
  'Music',
  'Talk',
]
const KEYWORDS = ['ｱｲ', 'あい', 'そら', 'ひかり', 'ミク', '歌', 'げーむ', 'music', 'ﾀﾞﾝｽ', 'ta']

async function seedRooms(db: Db) {
  await sql`
    insert into rooms (room_url_key, room_name, main_name, genre_id)
    select 'search_' || g,
      (${PARTS}::text[])[1 + g % ${PARTS.length}::int] || ' ' || g,
      (${PARTS}::text[])[1 + (g / 7) % ${PARTS.length}::int] || 'さん',
      (select id from genres order by id limit 1)
    from generate_series(1, ${ROOMS}::int) as g`.execute(db)
  // What the server's analyze job (services/analyze.ts; PostgreSQL's autovacuum) does within
  // minutes of rooms growing.
  await sql`analyze rooms`.execute(db)
}

/** FOLLOWERS users following an off-air demo room (it has an owner to go live): set-based. */
async function seedFollowers(db: Db): Promise<number> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', 'sports_ken')
    .executeTakeFirstOrThrow()
  await sql`
    insert into users (account_id, name, birthday)
    select 'fan_' || g, 'ファン' || g, 20000101 from generate_series(1, ${FOLLOWERS}::int) as g`.execute(
    db,
  )
  await sql`
    insert into follows (user_id, room_id)
    select id, ${room.id}::int from users where account_id like 'fan\\_%'`.execute(db)
  return room.id
}

async function searchUnderLoad(engine: Engine, duration: number): Promise<Measure[]> {
  const server = await startTestServer(engine, { READ_CACHE_MS: '0' }, undefined, {
    ownThread: true,
  })
  try {
    const db = server.database.db
    await seedRooms(db)
    const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T
    const paths = Array.from(
      { length: PATHS },
      () => `/api/search/autocomplete_room?keyword=${encodeURIComponent(pick(KEYWORDS))}`,
    )
    await load({ url: server.url, paths, duration: 1, connections: 10, rate: 0 })
    const result = await load({ url: server.url, paths, duration, connections: 1, rate: RATE })

    const roomId = await seedFollowers(db)
    const started = performance.now()
    await startLive(db, { id: roomId }, { restart: false, abroad: false, nowMs: Date.now() })
    await runNoticeFanouts(db)
    const fanoutMs = performance.now() - started
    const told = await db
      .selectFrom('user_notices')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'live_start')
      .executeTakeFirstOrThrow()
    return [
      ...measures(`autocomplete_room (${engine})`, result, 15, RATE),
      {
        name: `live-start notices to ${FOLLOWERS.toLocaleString('en')} followers (${engine})`,
        value: Math.round(fanoutMs),
        unit: 'ms',
      },
      {
        name: `followers told (${engine})`,
        value: told.n,
        unit: '',
        target: { kind: 'min', value: FOLLOWERS },
      },
    ]
  } finally {
    await server.close()
  }
}

/**
 * `GET /api/search/autocomplete_room` with keywords of every width and kana at a steady 300
 * requests/s over 10,000 rooms (target p99 ≤ 15 ms), then the notice fan-out of a live whose
 * room has 100,000 followers — on PGlite, and on PostgreSQL when reachable.
 */
export async function benchSearch(options: { quick: boolean }): Promise<BenchResult> {
  const duration = options.quick ? 3 : 8
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite']
  const results: Measure[] = []
  for (const engine of engines) results.push(...(await searchUnderLoad(engine, duration)))
  return {
    name: 'search',
    description:
      `GET /api/search/autocomplete_room?keyword= (${KEYWORDS.length} keywords, half-width, ` +
      `hiragana, katakana, latin) at ${RATE}/s (a steady autocannon child) for ${duration} s over ` +
      `${ROOMS.toLocaleString('en')} rooms, READ_CACHE_MS=0; then a live start in a room with ` +
      `${FOLLOWERS.toLocaleString('en')} followers and its whole notice fan-out (in-process)`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: results,
  }
}
