import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { spawnServer, type SpawnedServer } from '../spawn-server.ts'
import { TestClient } from './client.ts'
import { POSTGRES_URL, postgresReachable } from './harness.ts'

const BUSES = {
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  nats: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
    socket.setTimeout(2000, () => {
      socket.destroy()
      resolve(false)
    })
  })
}

/** The buses to test on; under CI=true a missing service fails the run instead. */
async function available(): Promise<Array<[string, string]>> {
  const out: Array<[string, string]> = []
  const pgUp = await postgresReachable()
  for (const [name, url] of Object.entries(BUSES)) {
    if (pgUp && (await reachable(url))) out.push([name, url])
    else if (process.env.CI) throw new Error(`CI=true but PostgreSQL or ${url} is not reachable`)
    else console.warn(`scale-out on ${name} not run here: PostgreSQL or ${url} not reachable`)
  }
  return out
}

/** A push-socket client following one key. */
/** A push socket on `key`; with `viewer`, as that browser (its session cookie) would open it. */
async function follow(base: string, key: string, viewer?: TestClient) {
  const headers: Record<string, string> = {}
  if (viewer) {
    await viewer.csrf()
    headers.cookie = `sr_id=${viewer.sessionId}`
  }
  const ws = new WebSocket(base.replace('http', 'ws') + '/', { headers })
  const frames: Array<{ at: number; frame: string }> = []
  ws.on('message', (data: Buffer) => frames.push({ at: Date.now(), frame: data.toString() }))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  ws.send(`SUB\t${key}`)
  return { ws, frames }
}

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe.each(await available())('two server processes on PostgreSQL with %s', (_name, busUrl) => {
  const schema = `scale_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  const sql = new pg.Client({
    connectionString: POSTGRES_URL,
    options: `-c search_path=${schema}`,
  })
  let a: SpawnedServer
  let b: SpawnedServer

  beforeAll(async () => {
    await admin.connect()
    await admin.query(`create schema "${schema}"`)
    const env = {
      DATABASE_URL: `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      SEED_DEMO: '1',
      BUS_URL: busUrl,
      CAPTCHA_FIXED_WORD: 'kirari',
      PRESENCE_INTERVAL_MS: '200',
      DEMO_BOTS_PER_MINUTE: '0',
      NODE_ENV: 'test',
    }
    // Both at once: migrations and the demo seed run once between them.
    ;[a, b] = await Promise.all([spawnServer(env), spawnServer(env)])
    await sql.connect()
  }, 120_000)

  afterAll(async () => {
    await Promise.allSettled([a.stop(), b.stop()])
    await sql.end()
    await admin.query(`drop schema "${schema}" cascade`)
    await admin.end()
  })

  const liveOf = async (urlKey: string) => {
    const { rows } = await sql.query<{ live_id: number; room_id: number; bcsvr_key: string }>(
      `select lives.id as live_id, rooms.id as room_id, lives.bcsvr_key from lives
       join rooms on rooms.id = lives.room_id where room_url_key = $1 and ended_at is null`,
      [urlKey],
    )
    const live = rows[0]
    if (!live) throw new Error(`${urlKey} is not on air`)
    return live
  }

  it('a comment posted on process A reaches a socket on process B within a second; the session works on both', async () => {
    const live = await liveOf('aoi_music')
    const onB = await follow(b.url, live.bcsvr_key)
    const viewerA = new TestClient(a.url)
    await viewerA.login('demo_viewer', 'kirari-demo')
    const viewerB = viewerA.on(b.url)
    expect((await viewerB.json('/api/current_user')).body).toMatchObject({ is_login: true })
    await new Promise((r) => setTimeout(r, 200))

    const sent = Date.now()
    const posted = await viewerA.postForm('/api/live/post_live_comment', {
      live_id: String(live.live_id),
      comment: 'AからBへ',
    })
    expect(posted.status).toBe(200)
    const got = await until(
      () => onB.frames.find((f) => f.frame.includes('AからBへ')),
      (f) => f !== undefined,
      1000,
    )
    expect(got).toBeDefined()
    expect((got?.at ?? Infinity) - sent).toBeLessThan(1000)
    onB.ws.close()
  })

  it('viewer counts add up across processes', async () => {
    const live = await liveOf('kirari_hoshino')
    const client = new TestClient(a.url)
    const count = async (c: TestClient) =>
      Number((await c.json(`/api/live/polling?room_id=${live.room_id}`)).body.online_user_num)
    const base = await count(client)
    // Three logged-in viewers; one counts once, however many sockets they open.
    const [x, y, z] = [new TestClient(a.url), new TestClient(b.url), new TestClient(b.url)]
    await Promise.all(
      [x, y, z].map((viewer, i) =>
        viewer.login(['demo_viewer', 'demo_liver', 'demo_organizer'][i] ?? '', 'kirari-demo'),
      ),
    )
    const sockets = await Promise.all([
      follow(a.url, live.bcsvr_key, x),
      follow(b.url, live.bcsvr_key, y),
      follow(b.url, live.bcsvr_key, z),
      follow(b.url, live.bcsvr_key, z),
    ])
    expect(
      await until(
        () => count(client),
        (n) => n === base + 3,
        3000,
      ),
    ).toBe(base + 3)
    expect(await count(client.on(b.url))).toBe(base + 3)
    for (const s of sockets) s.ws.close()
    expect(
      await until(
        () => count(client),
        (n) => n === base,
        3000,
      ),
    ).toBe(base)
  })

  it('100 concurrent paid gifts split across both processes never overdraw', async () => {
    const live = await liveOf('talk_tanaka')
    const viewerA = new TestClient(a.url)
    await viewerA.login('demo_viewer', 'kirari-demo')
    const viewerB = viewerA.on(b.url)
    await sql.query(
      `update users set gold = 40, expiring_gold = 10 where account_id = 'demo_viewer'`,
    )
    const { rows: before } = await sql.query<{ id: string }>(
      'select coalesce(max(id), 0)::text as id from ledger',
    )
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 === 0 ? viewerA : viewerB).postForm('/api/live/gifting_point_use', {
          live_id: String(live.live_id),
          gift_id: '3',
          num: '1',
        }),
      ),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(50)
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 400)).toBe(true)
    const { rows } = await sql.query<{ gold: number; expiring_gold: number }>(
      `select gold, expiring_gold from users where account_id = 'demo_viewer'`,
    )
    expect(rows[0]).toEqual({ gold: 0, expiring_gold: 0 })
    const { rows: spent } = await sql.query<{ n: number }>(
      `select sum(gold_delta + expiring_gold_delta)::int as n from ledger
       join users on users.id = ledger.user_id where account_id = 'demo_viewer' and ledger.id > $1`,
      [before[0]?.id ?? '0'],
    )
    expect(spent[0]?.n).toBe(-50)
  })
})
