// A child process of bench/api-latency.ts: runs autocannon with the JSON spec in argv[2], so the
// load is generated on another core than the server's, and prints the result as JSON.
import autocannon from 'autocannon'

interface Spec {
  url: string
  duration: number
  connections: number
  /** Requests a second in all; 0 runs flat out (a warm-up). */
  rate: number
  /** Send each second's requests at once on `connections` (autocannon's own pacing). */
  burst?: boolean
  /** POST a comment as these sessions in turn (cookie and CSRF token), to `liveId`. */
  comments?: { liveId: number; sessions: Array<{ id: string; csrf: string }> }
  /** GET these paths of `url`'s origin in turn instead of `url` itself. */
  paths?: string[]
}

/**
 * autocannon paces a rate per connection per second: each connection sends its whole second's
 * share at once, then waits for the next second, so one instance at 1,000/s is a burst of 1,000
 * requests at the top of every second. A steady rate is made of staggered instances instead, each
 * one connection at this many requests a second, started evenly across the second.
 */
const PER_SLICE = 20

const spec = JSON.parse(process.argv[2] ?? '{}') as Spec
let next = 0
const comments = spec.comments
const paths = spec.paths
const requests: autocannon.Request[] | undefined = paths
  ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }) }]
  : comments && [
      {
        method: 'POST',
        setupRequest: (request) => {
          const s = comments.sessions[next++ % comments.sessions.length]
          if (!s) return request
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `sr_id=${s.id}`,
              'x-csrf-token': s.csrf,
            },
            body: `live_id=${comments.liveId}&comment=${encodeURIComponent(`ベンチ ${next}`)}`,
          }
        },
      },
    ]

const latencies: number[] = []

function run(options: autocannon.Options, delayMs: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      const instance = autocannon(options, (error: unknown, result) =>
        error
          ? reject(
              error instanceof Error ? error : new Error('autocannon failed', { cause: error }),
            )
          : resolve(result),
      )
      instance.on('response', (_client, _status, _bytes, responseTime) =>
        latencies.push(responseTime),
      )
    }, delayMs)
  })
}

const steady = spec.rate > 0 && !spec.burst
const slices = steady ? Math.max(1, Math.round(spec.rate / PER_SLICE)) : 1
const results = await Promise.all(
  Array.from({ length: slices }, (_, i) =>
    run(
      {
        url: spec.url,
        duration: spec.duration,
        connections: steady ? 1 : spec.connections,
        ...(spec.rate > 0 && { overallRate: spec.rate / slices }),
        ...(requests && { requests }),
      },
      (i * 1000) / slices,
    ),
  ),
)
latencies.sort((a, b) => a - b)
const percentile = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0
const sum = (pick: (r: autocannon.Result) => number) => results.reduce((n, r) => n + pick(r), 0)
const ok = sum((r) => r['2xx'])
process.stdout.write(
  JSON.stringify({
    rps: latencies.length / spec.duration,
    p50: percentile(0.5),
    p99: percentile(0.99),
    ok,
    // autocannon's `errors` include its timeouts.
    total: ok + sum((r) => r.non2xx + r.errors),
  }),
  () => process.exit(0),
)
