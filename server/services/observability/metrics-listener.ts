import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { registry } from './metrics.ts'

/**
 * METRICS_ADDRESS: a listener of its own that answers only `GET /metrics`, bound to an address
 * Prometheus reaches and visitors do not (a private interface or the host's loopback). With
 * METRICS_TOKEN set, it wants the bearer token too.
 */
export async function startMetricsListener(
  address: { host: string; port: number },
  token: string | undefined,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    if (token) {
      const given = Buffer.from(
        /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '',
      )
      const expected = Buffer.from(token)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        response.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"' }).end()
        return
      }
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, {
          'Content-Type': registry.contentType,
          'Cache-Control': 'no-store',
        })
        response.end(text)
      },
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(address.port, address.host, () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
