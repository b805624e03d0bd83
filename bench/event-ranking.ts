import { newBroadcastKey } from '../server/db/seed.ts'
import type { Db } from '../server/db/index.ts'
import type { PushHub } from '../server/broadcast/hub.ts'
import { sendGift } from '../server/services/gifts.ts'
import { postgresReachable, startTestServer, type Engine } from '../test/server/harness.ts'
import { load, measures, type Load } from './api-latency.ts'
import type { BenchResult, Measure } from './report.ts'

const READ_RATE = 500
const GIFT_RATE = 100
const ROOMS = 1000
const VIEWERS = 200
/** The first pages of the ranking, read in turn (one load child each, a third of the rate). */
const PAGES = [1, 2, 3]
/** Paid gifts of the seeded catalogue: 1, 10, 50 and 100 points. */
const PAID_GIFTS = [3, 5, 7, 12]
const HOUR = 3_600_000
/**
 * Gifts waiting on the server at most (0.2 s of the rate): a gift due while this many are in
 * flight is not sent, so a server behind the rate shows in the achieved rate, not as a backlog
 * that outlives the window.
 */
const MAX_GIFTS_IN_FLIGHT = GIFT_RATE / 5

const pick = <T>(items: readonly T[]): T => {
  const item = items[Math.floor(Math.random() * items.length)]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

/**
 * One ongoing ranking event with ROOMS rooms entered and approved, each with an owner and an
 * open live, and VIEWERS viewers with gold to spare — in a few bulk inserts. The rooms start
 * with points spread as mid-event (a gift passes a room or two, as it would then).
 */
async function setUp(db: Db) {
  const now = Date.now()
  const owners = await db
    .insertInto('users')
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        account_id: `ranking_owner_${i}`,
        name: `ランキング${i}`,
        birthday: 19_900_101,
        password_hash: null,
        phone: null,
      })),
    )
    .returning('id')
    .execute()
  const rooms = await db
    .insertInto('rooms')
    .values(
      owners.map((owner, i) => ({
        room_url_key: `ranking_room_${i}`,
        room_name: `ランキングルーム${i}`,
        main_name: `ランキング${i}`,
        owner_user_id: owner.id,
        genre_id: 101,
      })),
    )
    .returning('id')
    .execute()
  const lives = await db
    .insertInto('lives')
    .values(rooms.map((room) => ({ room_id: room.id, bcsvr_key: newBroadcastKey(room.id) })))
    .returning('id')
    .execute()
  const event = await db
    .insertInto('events')
    .values({
      url_key: 'bench_ranking',
      name: 'ベンチ ランキング',
      started_at: new Date(now - HOUR),
      ended_at: new Date(now + HOUR),
      entry_starts_at: new Date(now - 48 * HOUR),
      entry_ends_at: new Date(now - HOUR),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('event_entries')
    .values(
      rooms.map((room) => ({
        event_id: event.id,
        room_id: room.id,
        status: 'approved' as const,
        point: Math.floor(Math.random() * 500_000),
      })),
    )
    .execute()
  const viewers = await db
    .insertInto('users')
    .values(
      Array.from({ length: VIEWERS }, (_, i) => ({
        account_id: `ranking_fan_${i}`,
        name: `ファン${i}`,
        birthday: 19_900_101,
        password_hash: null,
        phone: null,
        gold: 100_000_000,
      })),
    )
    .returning('id')
    .execute()
  return { eventId: event.id, liveIds: lives.map((l) => l.id), viewerIds: viewers.map((v) => v.id) }
}

/**
 * GIFT_RATE paid gifts a second in this process, spread evenly: every tick sends the gifts due
 * by then (a late tick catches up), each to a random room from a random viewer; one due while
 * MAX_GIFTS_IN_FLIGHT are in flight is skipped. `stop()` waits for those in flight and answers
 * the gifts committed a second between start and stop, and how many were refused.
 */
function giftFlow(db: Db, hub: PushHub, liveIds: number[], viewerIds: number[]) {
  const started = performance.now()
  let scheduled = 0
  let committed = 0
  let refused = 0
  let firstError: unknown
  const inFlight = new Set<Promise<void>>()
  const send = () => {
    const gift = sendGift(
      db,
      hub,
      { userId: pick(viewerIds), liveId: pick(liveIds), giftId: pick(PAID_GIFTS), num: 1 },
      'paid',
    ).then(
      () => {
        committed++
      },
      (error: unknown) => {
        refused++
        firstError ??= error
      },
    )
    inFlight.add(gift)
    void gift.finally(() => inFlight.delete(gift))
  }
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * GIFT_RATE)
    for (; scheduled < due; scheduled++) if (inFlight.size < MAX_GIFTS_IN_FLIGHT) send()
  }, 1000 / GIFT_RATE)
  return async () => {
    clearInterval(timer)
    const rate = committed / ((performance.now() - started) / 1000)
    await Promise.allSettled(inFlight)
    if (firstError) console.error('event-ranking: a gift was refused:', firstError)
    return { rate, refused }
  }
}

async function rankingUnderGifts(engine: Engine, duration: number): Promise<Measure[]> {
  // The ranking route answers from the event's board (services/events/board.ts), which a read
  // of the database refreshes (1 s on PostgreSQL, 5 s on PGlite); READ_CACHE_MS=0 keeps the
  // general read cache out of it. PGlite runs as the server runs it: in a thread of its own.
  const server = await startTestServer(engine, { READ_CACHE_MS: '0' }, undefined, {
    ownThread: true,
  })
  try {
    const db = server.database.db
    const { eventId, liveIds, viewerIds } = await setUp(db)
    const url = (page: number) => `${server.url}/api/event/${eventId}/ranking?page=${page}`
    // Warm up the JIT, the pool and the gift path.
    for (let i = 0; i < 10; i++) {
      await sendGift(
        db,
        server.hub,
        { userId: pick(viewerIds), liveId: pick(liveIds), giftId: pick(PAID_GIFTS), num: 1 },
        'paid',
      )
    }
    await load({ url: url(1), duration: 1, connections: 10, rate: 0 })

    // The gifts flow from before the readers start until they are all done.
    const stop = giftFlow(db, server.hub, liveIds, viewerIds)
    const pages = await Promise.all(
      PAGES.map((page) =>
        load({ url: url(page), duration, connections: 1, rate: READ_RATE / PAGES.length }),
      ),
    )
    const gifts = await stop()
    // The pages' latencies together: p50 and p99 are the worst page's (the pooled figures are no
    // higher than the highest of the parts).
    const all: Load = {
      rps: pages.reduce((n, p) => n + p.rps, 0),
      p50: Math.max(...pages.map((p) => p.p50)),
      p99: Math.max(...pages.map((p) => p.p99)),
      ok: pages.reduce((n, p) => n + p.ok, 0),
      total: pages.reduce((n, p) => n + p.total, 0),
    }
    return [
      ...measures(`ranking pages ${PAGES.join('–')} (${engine})`, all, 20, READ_RATE),
      {
        name: `paid gifts committed meanwhile (${engine})`,
        value: Math.round(gifts.rate * 10) / 10,
        unit: 'gifts/s',
        target: { kind: 'min', value: 0.95 * GIFT_RATE },
      },
      {
        name: `gifts refused (${engine})`,
        value: gifts.refused,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    ]
  } finally {
    await server.close()
  }
}

/**
 * `GET /api/event/{id}/ranking`, pages 1–3 in turn, at a steady 500 requests/s in all while 100
 * paid gifts/s flow into the same event (1,000 rooms entered): target p99 ≤ 20 ms, on PGlite and
 * on PostgreSQL when reachable.
 */
export async function benchEventRanking(options: { quick: boolean }): Promise<BenchResult> {
  const duration = options.quick ? 3 : 8
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite']
  const results: Measure[] = []
  for (const engine of engines) results.push(...(await rankingUnderGifts(engine, duration)))
  return {
    name: 'event-ranking',
    description:
      `GET /api/event/{id}/ranking pages ${PAGES.join(', ')} (one autocannon child each, ` +
      `${READ_RATE}/s in all, steady) for ${duration} s while ${GIFT_RATE} paid gifts/s are sent ` +
      `in-process (sendGift, random room, viewer and gift, at most ${MAX_GIFTS_IN_FLIGHT} in ` +
      `flight) into an ongoing event with ${ROOMS} rooms on air; READ_CACHE_MS=0 (the ranking ` +
      `route does not use the read cache); p50 and p99 are the worst page's; one process per ` +
      `engine`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: results,
  }
}
