import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { sql } from 'kysely'
import * as v from 'valibot'
import { VitalsBody } from '../../src/contract/vitals.ts'
import { clientAddress } from '../caller.ts'
import { COLLECTOR_PROJECT_ID } from '../config-observability.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, errorBody, messages } from '../errors.ts'
import { hit } from '../services/rate-limit.ts'
import { parseEnvelope } from '../services/observability/envelope.ts'
import { forwardEnvelope, recordEvent } from '../services/observability/errors.ts'
import { httpDuration, httpRequests, registry } from '../services/observability/metrics.ts'
import { recordVitals } from '../services/observability/vitals.ts'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const READY_TIMEOUT_MS = 2000

/** Envelopes and vitals beacons one address may send a minute (a 429 past it). */
async function withinIntake(c: Context<AppEnv>, what: string): Promise<boolean> {
  const limit = { max: c.var.config.observability.intakePerMinute, windowMs: 60_000 }
  if (await hit(c.var.db, `${what}:${clientAddress(c)}`, limit)) return true
  c.header('Retry-After', '60')
  return false
}

/** The key an envelope came with: `sentry_key` in the query or X-Sentry-Auth, or its DSN. */
function sentryKey(c: Context<AppEnv>, header: Record<string, unknown>): string | undefined {
  const auth = /sentry_key=([\w-]+)/.exec(c.req.header('x-sentry-auth') ?? '')?.[1]
  let fromDsn: string | undefined
  try {
    if (typeof header.dsn === 'string') fromDsn = new URL(header.dsn).username
  } catch {
    // Not a URL: no key from it.
  }
  return c.req.query('sentry_key') ?? auth ?? (fromDsn || undefined)
}

/** Same length and bytes, in constant time. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref(),
    ),
  ])
}

/** /metrics may be read here: with METRICS_TOKEN its bearer; else the demo's loopback only. */
function metricsAccess(c: Context<AppEnv>): 'ok' | 'unauthorized' | 'hidden' {
  const { metricsOnMainPort, metricsToken } = c.var.config.observability
  if (metricsOnMainPort === 'token' && metricsToken) {
    const given = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    return sameSecret(given, metricsToken) ? 'ok' : 'unauthorized'
  }
  if (metricsOnMainPort === 'off') return 'hidden'
  // The socket's own address: a forwarded header could be forged by anyone.
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? '') ? 'ok' : 'hidden'
  } catch {
    return 'hidden'
  }
}

/**
 * The largest envelope the collector reads: a page load's trace with its spans passes the
 * site's general body limit, and Sentry's own limit for an event is 1 MB.
 */
export const COLLECTOR_BODY_LIMIT = 1 << 20

/** The collector's path (with or without its trailing slash). */
export const isCollectorPath = (path: string) =>
  path === `/api/${COLLECTOR_PROJECT_ID}/envelope/` ||
  path === `/api/${COLLECTOR_PROJECT_ID}/envelope`

/**
 * Issue #26's endpoints. Mounted before the maintenance guard and CSRF check on purpose: health
 * answers during maintenance (a product state, not an outage), and the two intakes are posted
 * by the browser SDK and `sendBeacon`, which carry neither a CSRF header nor need a session —
 * they change nothing of anyone's, take only bounded anonymous data and are rate-limited.
 */
export function observabilityRoutes() {
  const app = new Hono<AppEnv>()

  // The built-in Sentry-compatible collector (DSN `{origin}/1`, key ERROR_COLLECTOR_KEY).
  const collect = async (c: Context<AppEnv>) => {
    const { observability } = c.var.config
    const body = new Uint8Array(await c.req.arrayBuffer())
    const envelope = parseEnvelope(body)
    if (!envelope) throw new ApiError(400, messages.invalidJson)
    const key = sentryKey(c, envelope.header)
    if (key === undefined || !sameSecret(key, observability.collectorKey)) {
      throw new ApiError(403, messages.invalidParameter, { errorType: 'INVALID_SENTRY_KEY' })
    }
    if (!(await withinIntake(c, 'errors'))) {
      return c.json(errorBody(messages.invalidParameter, { errorType: 'RATE_LIMITED' }), 429)
    }
    for (const event of envelope.events) await recordEvent(c.var.db, 'client', event)
    const text = Buffer.from(body).toString('utf8')
    void forwardEnvelope(
      observability.errorForward,
      c.var.logger,
      envelope.header,
      text.slice(text.indexOf('\n') + 1),
    )
    const id = envelope.header.event_id
    return c.json(typeof id === 'string' ? { id } : {})
  }
  app.post(`/api/${COLLECTOR_PROJECT_ID}/envelope/`, collect)
  app.post(`/api/${COLLECTOR_PROJECT_ID}/envelope`, collect)

  app.post('/api/vitals', async (c) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(await c.req.text())
    } catch {
      throw new ApiError(400, messages.invalidJson)
    }
    const body = v.safeParse(VitalsBody, parsed)
    if (!body.success) throw new ApiError(400, messages.invalidParameter)
    if (!(await withinIntake(c, 'vitals'))) {
      return c.json(errorBody(messages.invalidParameter, { errorType: 'RATE_LIMITED' }), 429)
    }
    recordVitals('samples' in body.output ? body.output.samples : [body.output])
    return c.body(null, 204)
  })

  app.get('/metrics', async (c) => {
    const access = metricsAccess(c)
    if (access === 'hidden') return c.json(errorBody(messages.notFound), 404)
    if (access === 'unauthorized') {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return c.json(errorBody(messages.notFound), 401)
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType })
  })

  // The process answers: for a load balancer's liveness check (never touches a dependency).
  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ status: 'ok' })
  })

  // Ready for traffic: the database answers a query and the bus (if any) a ping.
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store')
    const check = (run: () => Promise<unknown>) =>
      within(run(), READY_TIMEOUT_MS).then(
        () => 'ok' as const,
        (error: unknown) => {
          c.var.logger.error('readiness check failed', { error: String(error) })
          return 'failed' as const
        },
      )
    const ping = c.var.hub.bus.ping?.bind(c.var.hub.bus)
    const [database, bus] = await Promise.all([
      check(() => sql`select 1`.execute(c.var.db)),
      ping ? check(ping) : Promise.resolve('none' as const),
    ])
    const ready = database === 'ok' && bus !== 'failed'
    return c.json(
      { status: ready ? 'ok' : 'unavailable', checks: { database, bus } },
      ready ? 200 : 503,
    )
  })

  return app
}

/**
 * Counts and times every answer by its matched route pattern (`/api/live/:id`, never the raw
 * path: one series per route, whatever callers put in the URL). Unmatched paths count as `*`.
 */
export const httpMetrics: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now()
  try {
    await next()
  } finally {
    const route = routePath(c) || '*'
    const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : 'OTHER'
    httpRequests.inc({ method, route, status: String(c.res.status) })
    httpDuration.observe({ method, route }, (performance.now() - started) / 1000)
  }
}
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
