import { benchApiLatency } from './api-latency.ts'
import { benchBundleSize } from './bundle-size.ts'
import { benchCommentStream } from './comment-stream.ts'
import { benchPushFanout } from './push-fanout.ts'
import { benchFirstFrame } from './first-frame.ts'
import { benchGifts } from './gifts.ts'
import { met, writeResults, type BenchResult } from './report.ts'
import { benchRoomComments } from './room-comments.ts'

// `npm run bench` (after `vite build`); `npm run bench -- --quick` for a short run.
const quick = process.argv.includes('--quick')
const results: BenchResult[] = [
  benchBundleSize({ quick }),
  benchCommentStream({ quick }),
  await benchRoomComments({ quick }),
  await benchGifts({ quick }),
  await benchPushFanout({ quick }),
  await benchApiLatency({ quick }),
  await benchFirstFrame({ quick }),
]
console.log(writeResults(results))
const missed = results.flatMap((r) =>
  r.measures.filter((m) => !met(m)).map((m) => `${r.name}: ${m.name}`),
)
if (missed.length > 0) {
  console.error(`targets missed:\n  ${missed.join('\n  ')}`)
  process.exitCode = 1
}
