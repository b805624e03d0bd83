import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { natsBus } from '../server/broadcast/buses.ts'
import { PushHub } from '../server/broadcast/hub.ts'
import { startCluster, type Cluster } from '../server/cluster.ts'
import { freePortWithNext, tcpReachable } from '../test/free-port.ts'
import { POSTGRES_URL, postgresReachable } from '../test/server/harness.ts'
import { TestClient } from '../test/server/client.ts'
import type { BenchResult, Measure } from './report.ts'
import { benchComment, publishAtRate, startSubscribers } from './subscribers.ts'

const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'
const PROCESSES = 3
const KEY = 'bench:cluster'
/** Gifters, each sending one paid gift after another (their own balance: no lock between them). */
const GIFTERS = 16
const SETTLE_MS = 1000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Push fan-out across processes: `count` subscribers spread evenly over the first `processes`
 * web processes, comments published by a hub in this process on the cluster's NATS bus (as a
 * process publishes a comment it took), so every delivery crosses the bus to another process.
 */
async function fanOut(
  cluster: Cluster,
  publisher: PushHub,
  processes: number,
  count: number,
  rate: number,
  seconds: number,
): Promise<Measure[]> {
  const urls = cluster.webs.slice(0, processes).map((w) => w.url.replace('http', 'ws') + '/')
  const subscribers = await startSubscribers(urls, KEY, count)
  try {
    // Every process has its sockets subscribed: a probe frame reaches all of them.
    for (let probe = 0; ; probe++) {
      await subscribers.report()
      publisher.publish(KEY, benchComment(-1, Date.now()))
      await sleep(300)
      if ((await subscribers.report()).received >= count) break
      if (probe > 20) throw new Error('the subscribers did not all receive a probe')
    }
    const started = Date.now()
    const busy = await publishAtRate(rate, seconds, (i, stamp) =>
      publisher.publish(KEY, benchComment(i, stamp)),
    )
    await sleep(SETTLE_MS)
    const arrivals = await subscribers.report()
    const elapsed = Math.max(1, arrivals.last - started) / 1000
    const at = `fan-out, ${processes} process${processes > 1 ? 'es' : ''}`
    return [
      {
        name: `${at}: deliveries per second`,
        value: Math.round(arrivals.received / elapsed),
        unit: '/s',
      },
      {
        name: `${at}: delivered`,
        value: (100 * arrivals.received) / (rate * seconds * count),
        unit: '%',
        target: { kind: 'min', value: 100 },
      },
      { name: `${at}: p50 publish → receipt on another process`, value: arrivals.p50, unit: 'ms' },
      { name: `${at}: p99 publish → receipt on another process`, value: arrivals.p99, unit: 'ms' },
      { name: `${at}: publishing process CPU`, value: Math.round(100 * busy), unit: '%' },
    ]
  } finally {
    await subscribers.close()
  }
}

/** Paid gifts through the balancer, sent to the first `processes` web processes only. */
async function gifts(
  cluster: Cluster,
  gifters: readonly TestClient[],
  liveId: number,
  processes: number,
  seconds: number,
): Promise<Measure[]> {
  await cluster.balance(cluster.webs.slice(0, processes).map((w) => w.index))
  const body = { live_id: String(liveId), gift_id: '3', num: '1' }
  let sent = 0
  let failed = 0
  const latencies: number[] = []
  const until = performance.now() + seconds * 1000
  await Promise.all(
    gifters.map(async (gifter) => {
      while (performance.now() < until) {
        const started = performance.now()
        const { status } = await gifter.postForm('/api/live/gifting_point_use', body)
        latencies.push(performance.now() - started)
        if (status === 200) sent++
        else failed++
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0
  const at = `paid gifts through nginx, ${processes} process${processes > 1 ? 'es' : ''}`
  return [
    { name: `${at}: gifts per second`, value: Math.round(sent / seconds), unit: 'gifts/s' },
    { name: `${at}: p95 latency`, value: Number(p95.toFixed(1)), unit: 'ms' },
    { name: `${at}: failed`, value: failed, unit: '', target: { kind: 'max', value: 0 } },
  ]
}

/**
 * The cluster of `npm run cluster` (server/cluster.ts) on this machine: three web processes on
 * PostgreSQL and NATS behind nginx. Push fan-out with the subscribers spread over 1, 2 and 3
 * processes, and paid gifts through the balancer to 1, 2 and 3 processes.
 */
export async function benchCluster(options: { quick: boolean }): Promise<BenchResult> {
  const nats = new URL(NATS_URL)
  if (!(await postgresReachable()) || !(await tcpReachable(nats.hostname, Number(nats.port)))) {
    throw new Error(`the cluster bench needs PostgreSQL (${POSTGRES_URL}) and NATS (${NATS_URL})`)
  }
  const count = options.quick ? 1500 : 3000
  const rate = 100
  const seconds = options.quick ? 2 : 3
  const schema = `bench_cluster_${Date.now().toString(36)}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-bench-cluster-'))
  const admin = new pg.Client({ connectionString: POSTGRES_URL })
  await admin.connect()
  const stops: Array<() => Promise<unknown>> = [
    async () => {
      await admin.query(`drop schema if exists "${schema}" cascade`)
      await admin.end()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  ]
  const logs: string[] = []
  try {
    const startedAt = performance.now()
    const cluster = await startCluster({
      processes: PROCESSES,
      port: await freePortWithNext(PROCESSES),
      databaseUrl: POSTGRES_URL,
      schema,
      busUrl: NATS_URL,
      dir,
      env: {
        CAPTCHA_FIXED_WORD: 'kirari',
        DEMO_BOTS_PER_MINUTE: '0',
        // Every subscriber comes from this machine's one address.
        PUSH_MAX_PER_ADDRESS: String(count),
      },
      log: (name, line) => logs.push(`[${name}] ${line}`),
    })
    stops.push(() => cluster.stop())
    const startSeconds = (performance.now() - startedAt) / 1000
    const bus = await natsBus(NATS_URL)
    const publisher = new PushHub(bus)
    stops.push(() => publisher.close())

    const measures: Measure[] = [
      { name: `start ${PROCESSES} processes and nginx`, value: startSeconds, unit: 's' },
    ]
    for (let n = 1; n <= PROCESSES; n++) {
      measures.push(...(await fanOut(cluster, publisher, n, count, rate, seconds)))
    }

    // Gifters who share demo_viewer's password, each with their own gold.
    await admin.query(
      `insert into "${schema}".users (account_id, name, birthday, password_hash, sms_auth, gold)
       select 'bench_' || g, 'ベンチ' || g, 20000101, password_hash, true, 100000000
       from "${schema}".users, generate_series(1, ${GIFTERS}) g where account_id = 'demo_viewer'`,
    )
    const { rows } = await admin.query<{ id: number }>(
      `select lives.id from "${schema}".lives join "${schema}".rooms on rooms.id = lives.room_id
       where room_url_key = 'kirari_hoshino' and ended_at is null`,
    )
    const liveId = rows[0]?.id
    if (liveId === undefined) throw new Error('kirari_hoshino is not on air')
    const gifters = Array.from({ length: GIFTERS }, () => new TestClient(cluster.origin))
    for (const [i, gifter] of gifters.entries()) {
      const { status } = await gifter.login(`bench_${i + 1}`, 'kirari-demo')
      if (status !== 200) throw new Error(`bench_${i + 1} was not logged in: ${status}`)
    }
    for (let n = 1; n <= PROCESSES; n++) {
      measures.push(...(await gifts(cluster, gifters, liveId, n, seconds)))
    }
    return {
      name: 'cluster',
      description: `${PROCESSES} web processes on PostgreSQL and NATS behind nginx: ${count} subscribers spread over 1–${PROCESSES} of them, ${rate} comments/s for ${seconds} s published by another process; ${GIFTERS} users giving paid gifts through nginx to 1–${PROCESSES} of them, ${seconds} s each`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures,
    }
  } catch (error) {
    console.error(logs.slice(-40).join('\n'))
    throw error
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {})
  }
}
