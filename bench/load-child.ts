// A child process of bench/api-latency.ts: runs autocannon with the JSON spec in argv[2], so the
// load is generated on another core than the server's, and prints the result as JSON.
import autocannon from 'autocannon'

interface Spec {
  url: string
  duration: number
  connections: number
  rate: number
  /** POST a comment as these sessions in turn (cookie and CSRF token), to `liveId`. */
  comments?: { liveId: number; sessions: Array<{ id: string; csrf: string }> }
}

const spec = JSON.parse(process.argv[2] ?? '{}') as Spec
let next = 0
const comments = spec.comments
const options: autocannon.Options = {
  url: spec.url,
  duration: spec.duration,
  connections: spec.connections,
  ...(spec.rate > 0 && { overallRate: spec.rate }),
  ...(comments && {
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const s = comments.sessions[next++ % comments.sessions.length]
          if (!s) return request
          return {
            ...request,
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: `kirari_sid=${s.id}`,
              'x-csrf-token': s.csrf,
            },
            body: `live_id=${comments.liveId}&comment=${encodeURIComponent(`ベンチ ${next}`)}`,
          }
        },
      },
    ],
  }),
}
autocannon(options, (error, result) => {
  if (error) throw error
  process.stdout.write(
    JSON.stringify({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      ok: result['2xx'],
      total: result['2xx'] + result.non2xx + result.errors + result.timeouts,
    }),
    () => process.exit(0),
  )
})
