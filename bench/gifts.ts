import { TestClient } from '../test/server/client.ts'
import { liveOf } from '../test/server/socket.ts'
import { postgresReachable, startTestServer, type Engine } from '../test/server/harness.ts'
import type { BenchResult, Measure } from './report.ts'

const CONCURRENCY = 8

/** Paid gifts a second through the HTTP API (login, CSRF, the ledger transaction, the push). */
async function giftsPerSecond(engine: Engine, seconds: number): Promise<Measure[]> {
  // PGlite as the server runs it: in a thread of its own.
  const server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' }, undefined, {
    ownThread: true,
  })
  try {
    const viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    await server.database.db
      .updateTable('users')
      .set({ gold: 100_000_000, expiring_gold: 0 })
      .where('account_id', '=', 'demo_viewer')
      .execute()
    const live = await liveOf(server, 'kirari_hoshino')
    const body = { live_id: String(live.liveId), gift_id: '3', num: '1' }
    // Warm up the connection pool and the JIT.
    for (let i = 0; i < 20; i++) await viewer.postForm('/api/live/gifting_point_use', body)

    let sent = 0
    let failed = 0
    const latencies: number[] = []
    const until = performance.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const started = performance.now()
          const { status } = await viewer.postForm('/api/live/gifting_point_use', body)
          latencies.push(performance.now() - started)
          if (status === 200) sent++
          else failed++
        }
      }),
    )
    latencies.sort((a, b) => a - b)
    const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0
    return [
      {
        name: `paid gifts per second (${engine})`,
        value: Math.round(sent / seconds),
        unit: 'gifts/s',
      },
      { name: `p95 latency (${engine})`, value: Number(p95.toFixed(1)), unit: 'ms' },
      { name: `failed (${engine})`, value: failed, unit: '', target: { kind: 'max', value: 0 } },
    ]
  } finally {
    await server.close()
  }
}

/** Paid gifts per second through the HTTP API against PGlite and against PostgreSQL. */
export async function benchGifts(options: { quick: boolean }): Promise<BenchResult> {
  const seconds = options.quick ? 2 : 5
  const engines: Engine[] = (await postgresReachable()) ? ['pglite', 'postgres'] : ['pglite']
  const measures: Measure[] = []
  for (const engine of engines) measures.push(...(await giftsPerSecond(engine, seconds)))
  return {
    name: 'gifts-http',
    description: `paid gifts through POST /api/live/gifting_point_use, ${CONCURRENCY} at a time, ${seconds} s per engine`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures,
  }
}
