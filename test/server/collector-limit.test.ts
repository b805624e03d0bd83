import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECTOR_BODY_LIMIT } from '../../server/api/observability.ts'
import { DEFAULT_BODY_LIMIT } from '../../server/config.ts'
import { startTestServer, type TestServer } from './harness.ts'

/** A page load's trace as the SDK sends it: an envelope with one transaction of many spans. */
function traceEnvelope(bytes: number): string {
  const span = { op: 'resource.script', description: '/assets/x.js', span_id: 'a' }
  const spans = Array.from({ length: Math.ceil(bytes / JSON.stringify(span).length) }, () => span)
  return [
    JSON.stringify({ event_id: 'f'.repeat(32), sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'transaction' }),
    JSON.stringify({ type: 'transaction', transaction: '/r/$roomUrlKey', spans }),
    '',
  ].join('\n')
}

describe('the error collector takes a page load’s trace, larger than other bodies', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  const post = (path: string, body: string) =>
    server.get(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })

  it('accepts an envelope above the site’s body limit, up to its own', async () => {
    const trace = traceEnvelope(DEFAULT_BODY_LIMIT * 3)
    expect(trace.length).toBeGreaterThan(DEFAULT_BODY_LIMIT)
    expect((await post('/api/1/envelope/?sentry_key=kirari', trace)).status).toBe(200)
    const huge = traceEnvelope(COLLECTOR_BODY_LIMIT + 1024)
    expect((await post('/api/1/envelope/?sentry_key=kirari', huge)).status).toBe(413)
  })

  it('keeps the site’s limit everywhere else', async () => {
    const response = await post('/api/vitals', traceEnvelope(DEFAULT_BODY_LIMIT * 2))
    expect(response.status).toBe(413)
  })
})
