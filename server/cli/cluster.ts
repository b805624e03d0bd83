import path from 'node:path'
import { parseArgs } from 'node:util'
import { startCluster } from '../cluster.ts'
import { showBusUrl } from '../config-bus.ts'

/**
 * `npm run cluster` (issue #40): N web processes on PostgreSQL with the NATS (or Redis) bus,
 * behind Debian's nginx as the load balancer, and the media host beside them (server/cluster.ts).
 *
 *   npm run cluster                      3 processes, balancer on :8080
 *   npm run cluster -- --processes 5 --port 9000
 *
 * Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; the cluster works in
 * the schema `kirari_cluster`, made if missing, so it never touches anything else there), BUS_URL
 * (default nats://127.0.0.1:4222; redis://… works as well), NGINX_BIN, RTMP_URL.
 */

const root = path.resolve(import.meta.dirname, '../..')
const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    schema: { type: 'string', default: 'kirari_cluster' },
  },
})
const processes = Number(values.processes)
const port = Number(values.port)
if (!Number.isInteger(processes) || processes < 1 || processes > 16) {
  throw new Error(`--processes must be 1 to 16, got ${values.processes}`)
}
if (!Number.isInteger(port) || port < 1 || port > 65_000) {
  throw new Error(`--port must be a port number, got ${values.port}`)
}
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** Where a database URL points, never its user or password (the line goes to logs). */
function hostOf(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url)
    return `${protocol}//${host}${pathname}`
  } catch {
    return '(DATABASE_URL, not shown: it does not parse as a URL)'
  }
}
const busUrl = process.env.BUS_URL ?? 'nats://127.0.0.1:4222'
const rtmpUrl = process.env.RTMP_URL ?? 'rtmp://127.0.0.1:1935/live'

async function main(): Promise<void> {
  const cluster = await startCluster({
    processes,
    port,
    databaseUrl,
    schema: values.schema,
    busUrl,
    dir: path.join(root, '.data', 'cluster'),
    rtmpUrl,
    ...(process.env.NGINX_BIN ? { nginxBin: process.env.NGINX_BIN } : {}),
  })
  const stop = () => {
    console.log('[cluster] stopping: web processes drain (SIGTERM), then the balancer')
    void cluster.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  console.log(
    [
      `[cluster] Kirari at ${cluster.origin} — nginx → ${cluster.webs.map((w) => `:${w.port}`).join(', ')}`,
      `[cluster] PostgreSQL ${hostOf(databaseUrl)} (schema ${values.schema}), bus ${showBusUrl(busUrl)}`,
      `[cluster] OBS: ${rtmpUrl}, media host :${port + 50}; Ctrl-C stops everything`,
    ].join('\n'),
  )
}

main().catch((error: unknown) => {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
