import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { postgresReachable, startTestServer } from '../test/server/harness.ts'
import { liveOf } from '../test/server/socket.ts'
import type { BenchResult, Measure } from './report.ts'

const READ_RATE = 1000
const COMMENT_RATE = 100
/** Each commenter may post 5 comments in 10 s; this many share the comment load under it. */
const COMMENTERS = 400

export interface Load {
  rps: number
  p50: number
  p99: number
  ok: number
  total: number
}

/** autocannon in a child process (its own core), so the server's event loop is its own. */
export function load(spec: object): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'load-child.ts'), JSON.stringify(spec)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load exited ${code}`)),
    )
  })
}

const tenths = (ms: number) => Math.round(ms * 10) / 10

export function measures(label: string, result: Load, target?: number, rate?: number): Measure[] {
  return [
    {
      name: `${label} requests/s`,
      value: Math.round(result.rps),
      unit: '/s',
      // A server slower than the load falls behind it: the latency holds only at the rate.
      ...(rate !== undefined && { target: { kind: 'min' as const, value: 0.95 * rate } }),
    },
    { name: `${label} p50`, value: tenths(result.p50), unit: 'ms' },
    {
      name: `${label} p99`,
      value: tenths(result.p99),
      unit: 'ms',
      ...(target !== undefined && { target: { kind: 'max' as const, value: target } }),
    },
    {
      name: `${label} answered 2xx`,
      value: result.total === 0 ? 0 : (100 * result.ok) / result.total,
      unit: '%',
      target: { kind: 'min', value: 100 },
    },
  ]
}

/**
 * API latency on one process (PostgreSQL when reachable, else PGlite), autocannon at a steady
 * rate (see load-child.ts): `onlives` and `live_info` at 1,000 requests/s (target p99 ≤ 10 ms),
 * and `post_live_comment` at 100/s from 400 logged-in, SMS-authenticated viewers (so the per-user
 * limit is not hit). Beside them, onlives with autocannon's own pacing, a second's requests at once.
 */
export async function benchApiLatency(options: { quick: boolean }): Promise<BenchResult> {
  const duration = options.quick ? 3 : 8
  // PostgreSQL when it is there (a deployment's engine), PGlite otherwise.
  const engine = (await postgresReachable()) ? 'postgres' : 'pglite'
  // PGlite as the server runs it: in a thread of its own.
  const server = await startTestServer(engine, { READ_CACHE_MS: '1000' }, undefined, {
    ownThread: true,
  })
  try {
    const db = server.database.db
    const live = await liveOf(server, 'kirari_hoshino')
    const users = await db
      .insertInto('users')
      .values(
        Array.from({ length: COMMENTERS }, (_, i) => ({
          account_id: `bench_${i}`,
          name: `ベンチ${i}`,
          sms_auth: true,
          password_hash: null,
          birthday: 19_900_101,
          phone: null,
        })),
      )
      .returning('id')
      .execute()
    const sessions = users.map((u) => ({
      id: randomBytes(24).toString('base64url'),
      user_id: u.id,
      csrf_token: randomBytes(24).toString('base64url'),
      expires_at: new Date(Date.now() + 86_400_000),
    }))
    await db.insertInto('sessions').values(sessions).execute()

    const common = { duration, connections: 20, rate: READ_RATE }
    // Warm up the JIT and the pool.
    await load({ url: `${server.url}/api/live/onlives`, duration: 1, connections: 10, rate: 0 })
    const onlives = await load({ ...common, url: `${server.url}/api/live/onlives` })
    const liveInfo = await load({
      ...common,
      url: `${server.url}/api/live/live_info?room_id=${live.roomId}`,
    })
    // The same rate as autocannon paces it on its own: each connection sends its second's share
    // back to back, then waits for the next second.
    const burst = await load({
      url: `${server.url}/api/live/onlives`,
      duration: Math.min(duration, 3),
      connections: 20,
      rate: READ_RATE,
      burst: true,
    })
    const comments = await load({
      url: `${server.url}/api/live/post_live_comment`,
      duration,
      connections: 20,
      rate: COMMENT_RATE,
      comments: {
        liveId: live.liveId,
        sessions: sessions.map((s) => ({ id: s.id, csrf: s.csrf_token })),
      },
    })
    return {
      name: 'api-latency',
      description: `autocannon, ${duration} s each at a steady rate, one process on ${engine}`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures: [
        ...measures('onlives', onlives, 10, READ_RATE),
        ...measures('live_info', liveInfo, 10, READ_RATE),
        {
          name: 'onlives p99, each second’s 1,000 sent back to back on 20 connections',
          value: tenths(burst.p99),
          unit: 'ms',
        },
        ...measures('post_live_comment', comments, undefined, COMMENT_RATE),
      ],
    }
  } finally {
    await server.close()
  }
}
