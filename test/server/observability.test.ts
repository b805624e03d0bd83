import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorGroupEntry, ErrorGroupsAnswer } from '../../src/contract/dev.ts'
import type { VitalsAnswer } from '../../src/contract/vitals.ts'
import { loadObservabilityConfig, parseDsn } from '../../server/config-observability.ts'
import { silentLogger } from '../../server/logger.ts'
import { startJob } from '../../server/services/jobs.ts'
import { purgeExpired } from '../../server/services/purge.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { envelope, fakeSentry, sample, typeError, until } from './observability-helpers.ts'

const TOKEN = 'metrics-token-0123456789'
const auth = { authorization: `Bearer ${TOKEN}` }

describe('observability settings', () => {
  it('parses DSNs, refuses bad ones and keeps /metrics off the public port in production', () => {
    expect(parseDsn('https://abc@sentry.example/prefix/42', 'X').envelopeUrl).toBe(
      'https://sentry.example/prefix/api/42/envelope/',
    )
    expect(() => parseDsn('https://sentry.example/42', 'X')).toThrow(/DSN/)
    expect(() => parseDsn('https://abc@sentry.example/x', 'X')).toThrow(/DSN/)
    expect(loadObservabilityConfig({}, false).metricsOnMainPort).toBe('off')
    expect(loadObservabilityConfig({}, true).metricsOnMainPort).toBe('loopback')
    expect(loadObservabilityConfig({ METRICS_TOKEN: TOKEN }, false).metricsOnMainPort).toBe('token')
    expect(() => loadObservabilityConfig({ METRICS_TOKEN: 'short' }, false)).toThrow(/16/)
    expect(() => loadObservabilityConfig({ METRICS_ADDRESS: 'nope' }, false)).toThrow(/host:port/)
  })
})

describe.each(await testEngines())('observability on %s', (engine) => {
  let server: TestServer
  let sentry: Awaited<ReturnType<typeof fakeSentry>>
  beforeAll(async () => {
    sentry = await fakeSentry()
    server = await startTestServer(
      engine,
      {
        ERROR_FORWARD_DSN: sentry.dsn,
        METRICS_TOKEN: TOKEN,
        METRICS_ADDRESS: '127.0.0.1:0',
        OBSERVABILITY_INTAKE_PER_MINUTE: '40',
      },
      (app) => {
        app.get('/api/test/broken', () => {
          throw new Error('the payment provider answered 502 for order 77')
        })
      },
    )
  })
  afterAll(async () => {
    await server.close()
    await sentry.close()
  })

  const post = (body: string, key = 'kirari') =>
    server.get(`/api/1/envelope/?sentry_key=${key}&sentry_version=7`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
    })
  const groups = async () =>
    ((await (await server.get('/dev/api/errors')).json()) as ErrorGroupsAnswer).groups
  const group = (all: ErrorGroupEntry[], title: string) => all.find((g) => g.title === title)
  const scrapeText = async (port = server.port) => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: auth })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return response.text()
  }
  const scrape = async (port = server.port) => parsePrometheusTextFormat(await scrapeText(port))
  const family = (families: PrometheusFamily[], name: string) => {
    const found = families.find((f) => f.name === name)
    if (!found) throw new Error(`${name} is not in /metrics`)
    return found
  }
  const requestTotal = (families: PrometheusFamily[]) =>
    family(families, 'http_requests_total').metrics.reduce((sum, m) => sum + Number(m.value), 0)

  it('groups the same error posted twice, with its count, apart from another error', async () => {
    expect((await post(envelope(typeError('gift 12 is undefined')))).status).toBe(200)
    // Another id in the message: the same error all the same.
    expect((await post(envelope(typeError('gift 31 is undefined')))).status).toBe(200)
    expect((await post(envelope(typeError('x is null', 'renderComment')))).status).toBe(200)
    const all = await groups()
    const gift = group(all, 'TypeError: gift 31 is undefined')
    expect(gift).toMatchObject({
      source: 'client',
      count: 2,
      level: 'error',
      environment: 'demo',
      culprit: 'renderGift (/assets/room.js)',
    })
    expect(gift?.first_seen).toBeLessThanOrEqual(gift?.last_seen ?? 0)
    expect(group(all, 'TypeError: x is null')).toMatchObject({ count: 1 })
    // Nothing personal kept: no IP address, headers or query.
    expect(gift?.sample).toMatchObject({
      user: { id: '42' },
      request: { url: 'http://127.0.0.1/r/demo' },
    })
    expect(JSON.stringify(gift?.sample)).not.toMatch(/203\.0\.113|cookie|secret/)
  })

  it('refuses a wrong key and a non-envelope; takes sessions without storing them', async () => {
    const before = (await groups()).length
    const wrong = await post(envelope({ message: 'from elsewhere' }), 'stolen')
    expect(wrong.status).toBe(403)
    expect((await post('not an envelope')).status).toBe(400)
    const session = [
      JSON.stringify({ sent_at: new Date().toISOString() }),
      JSON.stringify({ type: 'session' }),
      JSON.stringify({ sid: 'abc', status: 'ok' }),
    ].join('\n')
    expect((await post(session)).status).toBe(200)
    // The key may come in the envelope's DSN instead of the query.
    const viaDsn = await server.get('/api/1/envelope/', {
      method: 'POST',
      body: envelope({ message: 'keyed by dsn' }),
    })
    expect(viaDsn.status).toBe(200)
    expect((await groups()).length).toBe(before + 1)
  })

  it('purges groups a month quiet', async () => {
    await post(envelope({ message: 'long ago' }))
    const db = server.database.db
    await db
      .updateTable('error_groups')
      .set({ last_seen: new Date(Date.now() - 31 * 86_400_000) })
      .where('title', '=', 'long ago')
      .execute()
    expect((await purgeExpired(db)).error_groups).toBe(1)
    expect(group(await groups(), 'long ago')).toBeUndefined()
    expect(group(await groups(), 'keyed by dsn')).toBeDefined()
  })

  it('forwards accepted envelopes to ERROR_FORWARD_DSN', async () => {
    await post(envelope({ message: 'forward me' }))
    const got = await until(
      () => Promise.resolve(sentry.received.find((r) => r.body.includes('forward me'))),
      (r) => r !== undefined,
    )
    expect(got?.url).toMatch(/^\/api\/7\/envelope\/\?sentry_key=forwardkey/)
    expect(JSON.parse(got?.body.split('\n')[0] ?? '{}')).toMatchObject({ dsn: sentry.dsn })
    expect(sentry.received.some((r) => r.body.includes('from elsewhere'))).toBe(false)
  })

  it('records a 500 and a failed job as server errors, forwarded too', async () => {
    const broken = await server.get('/api/test/broken')
    expect(broken.status).toBe(500)
    const title = 'Error: the payment provider answered 502 for order 77'
    const stored = await until(groups, (all) => group(all, title) !== undefined)
    expect(group(stored, title)).toMatchObject({ source: 'server', count: 1 })
    expect(group(stored, title)?.sample).toMatchObject({
      platform: 'node',
      tags: { kind: 'http', method: 'GET', route: '/api/test/broken' },
    })
    await until(
      () => Promise.resolve(sentry.received.some((r) => r.body.includes('order 77'))),
      (seen) => seen,
    )
    const job = startJob({
      name: `test job ${engine}`,
      intervalMs: 3_600_000,
      logger: silentLogger,
      run: () => Promise.reject(new Error('the job broke')),
    })
    await job.stop()
    const afterJob = await until(groups, (all) => group(all, 'Error: the job broke') !== undefined)
    expect(group(afterJob, 'Error: the job broke')?.sample).toMatchObject({
      tags: { kind: 'job', job: `test job ${engine}` },
    })
    const jobs = family(await scrape(), 'job_runs_total').metrics
    expect(jobs).toContainEqual({
      labels: { job: `test job ${engine}`, outcome: 'failed' },
      value: '1',
    })
  })

  it('serves /metrics in the text format; the request counter grows by the requests made', async () => {
    const first = await scrape()
    for (let i = 0; i < 3; i++) expect((await server.get('/healthz')).status).toBe(200)
    expect((await server.get('/api/live/nothing/here')).status).toBe(404)
    const second = await scrape()
    // The three health checks, the 404 and the first scrape itself (counted once answered).
    expect(requestTotal(second) - requestTotal(first)).toBe(5)
    const health = (families: PrometheusFamily[]) =>
      Number(
        family(families, 'http_requests_total').metrics.find(
          (m) => m.labels?.route === '/healthz' && m.labels.status === '200',
        )?.value ?? 0,
      )
    expect(health(second) - health(first)).toBe(3)
    // Routes are patterns, never raw paths.
    const routes = family(second, 'http_requests_total').metrics.map((m) => m.labels?.route)
    expect(routes).not.toContain('/api/live/nothing/here')
    expect(family(second, 'http_request_duration_seconds').type).toBe('HISTOGRAM')
    for (const name of [
      'push_sockets_open',
      'push_messages_delivered_total',
      'comments_total',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      family(second, name)
    }
  })

  it('refuses /metrics without the token; METRICS_ADDRESS serves it on its own port', async () => {
    const bare = await server.get('/metrics')
    expect(bare.status).toBe(401)
    expect(bare.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect(
      (await server.get('/metrics', { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401)
    expect(server.metricsPort).toBeGreaterThan(0)
    const own = await scrape(server.metricsPort)
    family(own, 'http_requests_total')
    const other = await fetch(`http://127.0.0.1:${server.metricsPort}/api/csrf_token`)
    expect(other.status).toBe(404)
  })

  it('answers /healthz and /readyz (database and bus)', async () => {
    expect(await (await server.get('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await server.get('/readyz')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', bus: 'none' } })
  })

  // The vitals buffers are the process's: each engine's run uses a route of its own.
  const route = engine === 'pglite' ? '/r/$roomUrlKey' : '/event/$eventUrlKey'
  const beacon = (body: unknown, type = 'text/plain;charset=UTF-8') =>
    server.get('/api/vitals', {
      method: 'POST',
      headers: { 'content-type': type },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('takes sampled vitals: percentiles at /dev/api/vitals, histograms in /metrics', async () => {
    const lcp = [1200, 1800, 2400, 3000, 5000]
    const samples = lcp.map((value) => ({ route, metric: 'LCP', value }))
    expect((await beacon({ samples })).status).toBe(204)
    expect((await beacon({ route, metric: 'CLS', value: 0.12 }, 'application/json')).status).toBe(
      204,
    )
    expect((await beacon({ route: '/no/such/page', metric: 'TTFF', value: 900 })).status).toBe(204)
    const answer = (await (await server.get('/dev/api/vitals')).json()) as VitalsAnswer
    expect(answer.vitals).toContainEqual({
      route,
      metric: 'LCP',
      count: 5,
      p50: 2400,
      p75: 3000,
      p95: 5000,
    })
    expect(answer.vitals).toContainEqual({
      route,
      metric: 'CLS',
      count: 1,
      p50: 0.12,
      p75: 0.12,
      p95: 0.12,
    })
    expect(answer.vitals.some((v) => v.route === 'other' && v.metric === 'TTFF')).toBe(true)
    const text = await scrapeText()
    // The parser checks the document and the family's type; it merges a labelled histogram's
    // series, so the series themselves are read line by line.
    expect(family(parsePrometheusTextFormat(text), 'web_vitals_lcp_seconds').type).toBe('HISTOGRAM')
    const series = (name: string, le?: string) =>
      sample(text, name, le === undefined ? { route } : { le, route })
    expect(series('web_vitals_lcp_seconds_count')).toBe(5)
    expect(series('web_vitals_lcp_seconds_sum')).toBeCloseTo(13.4)
    expect(series('web_vitals_lcp_seconds_bucket', '2.5')).toBe(3)
    expect(series('web_vitals_lcp_seconds_bucket', '+Inf')).toBe(5)
  })

  it('refuses bad vitals bodies with a 400', async () => {
    const bad: unknown[] = [
      'not json',
      { route, metric: 'FID', value: 10 },
      { route, metric: 'LCP', value: -1 },
      { route, metric: 'CLS', value: 1000 },
      { route, metric: 'LCP', value: 'fast' },
      { route: 'https://evil.example/', metric: 'LCP', value: 10 },
      { route, metric: 'LCP', value: 10, user_id: 42 },
      { samples: [] },
      { samples: Array.from({ length: 21 }, () => ({ route, metric: 'INP', value: 80 })) },
    ]
    for (const body of bad) expect((await beacon(body)).status, JSON.stringify(body)).toBe(400)
  })

  it('rate-limits the intake per address', async () => {
    let refused: Response | undefined
    for (let i = 0; i < 41 && !refused; i++) {
      const response = await beacon({ route, metric: 'INP', value: 40 })
      if (response.status === 429) refused = response
      else expect(response.status).toBe(204)
    }
    expect(refused?.headers.get('retry-after')).toBe('60')
  })
})
