// Helpers of observability.test.ts: SDK envelopes, a fake Sentry, reading /metrics series.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A Sentry envelope as the browser SDK writes it: header, item header, event. */
export function envelope(
  event: Record<string, unknown>,
  dsn = 'http://kirari@127.0.0.1/1',
): string {
  const id = crypto.randomUUID().replaceAll('-', '')
  return [
    JSON.stringify({ event_id: id, dsn, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: id, level: 'error', environment: 'demo', ...event }),
    '',
  ].join('\n')
}

export const typeError = (value: string, fn = 'renderGift') => ({
  exception: {
    values: [
      {
        type: 'TypeError',
        value,
        stacktrace: {
          frames: [
            { filename: 'http://127.0.0.1/assets/index-abc123.js', function: 'main', in_app: true },
            { filename: 'http://127.0.0.1/assets/room-9f8e7d.js', function: fn, in_app: true },
          ],
        },
      },
    ],
  },
  user: { id: '42', ip_address: '203.0.113.9' },
  request: { url: 'http://127.0.0.1/r/demo?token=secret', headers: { cookie: 'sr_id=x' } },
})

/** A local stand-in for a real Sentry: what ERROR_FORWARD_DSN sends lands here. */
export async function fakeSentry() {
  const received: Array<{ url: string; body: string }> = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ url: request.url ?? '', body })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    received,
    dsn: `http://forwardkey@127.0.0.1:${port}/7`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** One series' value: the sample line with exactly these labels, in prom-client's order. */
export function sample(
  text: string,
  name: string,
  labels: Record<string, string>,
): number | undefined {
  const rendered = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',')
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${rendered}} `))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('condition not met in 5 s')
}
