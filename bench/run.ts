import { benchApiLatency } from './api-latency.ts'
import { benchBundleSize } from './bundle-size.ts'
import { benchCluster } from './cluster.ts'
import { benchCommentStream } from './comment-stream.ts'
import { benchEventRanking } from './event-ranking.ts'
import { benchPushFanout } from './push-fanout.ts'
import { benchFirstFrame } from './first-frame.ts'
import { benchGifts } from './gifts.ts'
import { benchGlassToGlass } from './glass-to-glass.ts'
import { benchLadderCpu } from './ladder-cpu.ts'
import { met, writeResults, type BenchResult } from './report.ts'
import { benchRoomComments } from './room-comments.ts'
import { benchStanding } from './standing.ts'
import { benchSearch } from './search.ts'
import { benchWebPush } from './web-push.ts'

// `npm run bench` (after `vite build`); `npm run bench -- --quick` for a short run;
// `npm run bench -- first-frame glass-to-glass` for some only (by their file names).
const quick = process.argv.includes('--quick')
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))

/** Each bench must run in well under a minute: its own time is one of its figures. */
const TIME_LIMIT_S = 50
/** glass-to-glass carries two lives one after the other on one server: OBS's, then a browser's. */
const TIME_LIMITS_S: Record<string, number> = { 'glass-to-glass': 2 * TIME_LIMIT_S }

async function timed(
  run: () => BenchResult | Promise<BenchResult>,
  limitS = TIME_LIMIT_S,
): Promise<BenchResult> {
  const started = performance.now()
  const result = await run()
  const seconds = Math.round((performance.now() - started) / 100) / 10
  result.measures.push({
    name: 'time to run this bench',
    value: seconds,
    unit: 's',
    target: { kind: 'max', value: limitS },
  })
  return result
}

const BENCHES = {
  'bundle-size': benchBundleSize,
  'comment-stream': benchCommentStream,
  'room-comments': benchRoomComments,
  gifts: benchGifts,
  'push-fanout': benchPushFanout,
  cluster: benchCluster,
  'web-push': benchWebPush,
  'api-latency': benchApiLatency,
  'event-ranking': benchEventRanking,
  standing: benchStanding,
  search: benchSearch,
  'first-frame': benchFirstFrame,
  'glass-to-glass': benchGlassToGlass,
  'ladder-cpu': benchLadderCpu,
}
const unknown = only.filter((name) => !(name in BENCHES))
if (unknown.length > 0) {
  throw new Error(`no such bench: ${unknown.join(', ')} (${Object.keys(BENCHES).join(', ')})`)
}

const results: BenchResult[] = []
for (const [name, bench] of Object.entries(BENCHES)) {
  if (only.length > 0 && !only.includes(name)) continue
  results.push(await timed(() => bench({ quick }), TIME_LIMITS_S[name]))
}
console.log(writeResults(results))
const missed = results.flatMap((r) =>
  r.measures.filter((m) => !met(m)).map((m) => `${r.name}: ${m.name}`),
)
if (missed.length > 0) {
  console.error(`targets missed:\n  ${missed.join('\n  ')}`)
  process.exitCode = 1
}
