import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

// One registry for the process, as Prometheus scrapes a process: what it counts is this
// process's share, and Prometheus sums the instances. Instruments are module-level so a service
// counts with one line and no plumbing.

export const registry = new Registry()
// Event loop lag, heap and RSS, handles, GC: prom-client's standard process metrics.
collectDefaultMetrics({ register: registry })

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, matched route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
})

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request reaching the app to its answer, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

/** Sockets open, summed over the hubs this process runs (one, but tests start several). */
const hubs = new Set<{ stats(): { sockets: number; busBacklog: number } }>()
new Gauge({
  name: 'push_sockets_open',
  help: 'Push WebSockets open in this process',
  registers: [registry],
  collect() {
    this.set([...hubs].reduce((sum, hub) => sum + hub.stats().sockets, 0))
  },
})
new Gauge({
  name: 'push_bus_backlog',
  help: 'Push frames the bus refused, waiting to be sent again',
  registers: [registry],
  collect() {
    this.set([...hubs].reduce((sum, hub) => sum + hub.stats().busBacklog, 0))
  },
})

/** Counts `hub` in the socket gauges until the returned function is called. */
export function observeHub(hub: { stats(): { sockets: number; busBacklog: number } }) {
  hubs.add(hub)
  return () => void hubs.delete(hub)
}

/**
 * Push frames refused by the bus guard (broadcast/bus.ts admit): `stage` publish (this process
 * built a frame too large to send) or receive (a frame came off the bus malformed, oversize or
 * with a key that is not a key: something other than the site is writing to the bus).
 */
export const busFramesDropped = new Counter({
  name: 'push_bus_frames_dropped_total',
  help: 'Push frames dropped before the bus or before delivery, by stage and reason',
  labelNames: ['stage', 'reason'] as const,
  registers: [registry],
})

/**
 * Push sockets the hub cut off or SUBs it ignored, by reason (broadcast/hub.ts): `backlog` (its
 * frames would take it past its bound), `budget` (a laggard while the process's backlog is past
 * its budget), `lagging` (behind at two heartbeat turns running), `heartbeat` (no pong), `flood`
 * (past the command rate); for SUBs, `rooms` (a room cap reached) and `subscriptions` (its own).
 */
export const pushRefused = new Counter({
  name: 'push_refused_total',
  help: 'Push sockets cut off and SUBs ignored by the hub, by what and why',
  labelNames: ['what', 'reason'] as const,
  registers: [registry],
})

/** Keyed calls refused because their caller holds its quota of idempotency keys (idempotency.ts). */
export const idempotencyQuotaRefused = new Counter({
  name: 'idempotency_quota_refused_total',
  help: 'Calls with an Idempotency-Key refused (429) because their caller holds its quota of keys',
  labelNames: ['caller'] as const,
  registers: [registry],
})

/** Deliveries not yet moved into their counter: a plain sum on the hub's per-socket path. */
let deliveredSinceScrape = 0

new Counter({
  name: 'push_messages_delivered_total',
  help: 'Push frames written to sockets (one per frame and subscribed socket)',
  registers: [registry],
  collect() {
    this.inc(deliveredSinceScrape)
    deliveredSinceScrape = 0
  },
})

/**
 * Counts `frames` written to one socket. Called once per socket and frame batch, thousands of
 * times a frame, so it only adds: the counter takes the sum when it is read.
 */
export function countDelivered(frames: number): void {
  deliveredSinceScrape += frames
}

export const commentsPosted = new Counter({
  name: 'comments_total',
  help: 'Comments stored and pushed (viewers and demo bots)',
  registers: [registry],
})

export const giftsSent = new Counter({
  name: 'gifts_total',
  help: 'Gifts sent, by payment kind (free or paid)',
  labelNames: ['kind'] as const,
  registers: [registry],
})

export const jobRuns = new Counter({
  name: 'job_runs_total',
  help: 'Background job runs, by job and outcome (ok or failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
})

export const errorEvents = new Counter({
  name: 'error_events_total',
  help: 'Error events stored by the collector, by source (client or server)',
  labelNames: ['source'] as const,
  registers: [registry],
})

/** What pg.Pool tells of itself; PGlite has no pool. */
interface PoolStats {
  totalCount: number
  idleCount: number
  waitingCount: number
}
const pools = new Set<PoolStats>()
const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set([...pools].reduce((sum, pool) => sum + read(pool), 0))
    },
  })
poolGauge('db_pool_connections', 'PostgreSQL connections open in the pool', (p) => p.totalCount)
poolGauge('db_pool_idle', 'PostgreSQL connections idle in the pool', (p) => p.idleCount)
poolGauge('db_pool_waiting', 'Queries waiting for a pool connection', (p) => p.waitingCount)

/** Counts `pool` in the pool gauges until the returned function is called. */
export function observePool(pool: PoolStats) {
  pools.add(pool)
  return () => void pools.delete(pool)
}
