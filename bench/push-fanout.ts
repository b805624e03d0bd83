import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { PushHub } from '../server/broadcast/hub.ts'
import { startNchan } from './nchan.ts'
import type { BenchResult, Measure } from './report.ts'
import {
  benchComment,
  publishAtRate,
  startSubscribers,
  type Arrivals,
  type Subscribers,
} from './subscribers.ts'

const KEY = 'bench:fanout'
/** The busy rate (a room in full swing) and the sparse one (most rooms, most of the time). */
const BUSY = 100
const SPARSE = 10
/** How long the last frames of a phase may take to arrive before the counts are read. */
const SETTLE_MS = 1000

interface Phase {
  rate: number
  arrivals: Arrivals
  /** The publishing process's CPU (the hub's, for Kirari). */
  busy: number
  published: number
  started: number
}

/** The sparse phase, then the busy one, on the same subscribers. */
async function phases(
  subscribers: Subscribers,
  seconds: number,
  publish: (i: number, stampMs: number) => void,
): Promise<Phase[]> {
  const out: Phase[] = []
  for (const rate of [SPARSE, BUSY]) {
    await subscribers.report() // what came before this phase does not count
    const started = Date.now()
    const busy = await publishAtRate(rate, seconds, publish)
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
    out.push({
      rate,
      arrivals: await subscribers.report(),
      busy,
      published: rate * seconds,
      started,
    })
  }
  return out
}

function measuresOf(who: 'Kirari' | 'Nchan', count: number, results: Phase[]): Measure[] {
  const measures: Measure[] = []
  for (const { rate, arrivals, published, started, busy } of results) {
    const at = `${who}, ${rate} msg/s`
    const elapsed = Math.max(1, arrivals.last - started) / 1000
    const delivered = (100 * arrivals.received) / (published * count)
    const sparse = rate === SPARSE
    measures.push(
      {
        name: `${at}: deliveries per second`,
        value: Math.round(arrivals.received / elapsed),
        unit: '/s',
      },
      {
        name: `${at}: delivered`,
        value: delivered,
        unit: '%',
        ...(who === 'Kirari' && { target: { kind: 'min' as const, value: 100 } }),
      },
      { name: `${at}: p50 latency`, value: arrivals.p50, unit: 'ms' },
      {
        name: `${at}: p99 latency`,
        value: arrivals.p99,
        unit: 'ms',
        ...(who === 'Kirari' && !sparse && { target: { kind: 'max' as const, value: 100 } }),
      },
      { name: `${at}: publisher CPU`, value: Math.round(100 * busy), unit: '%' },
      {
        name: `${at}: receiving clients CPU`,
        value: Math.round(100 * arrivals.clientBusy),
        unit: '%',
      },
    )
  }
  return measures
}

/**
 * The push hub's fan-out, with Nchan (nginx's pub/sub module) beside it on the same clients:
 * 5,000 WebSocket subscribers of one room (in a second process, so the server has its own core),
 * comments published at a sparse 10 a second, then a busy 100 a second; deliveries a second and
 * the latency from publish to receipt. Kirari's hub publishes in this process; Nchan is published
 * to over HTTP (its publishing interface), each message stamped as the POST starts.
 */
export async function benchPushFanout(options: { quick: boolean }): Promise<BenchResult> {
  const count = options.quick ? 2000 : 5000
  const seconds = options.quick ? 2 : 5

  // Every subscriber comes from this machine's one address.
  const hub = new PushHub(undefined, { maxPerAddress: count, maxConnections: count })
  const server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const kirari = await startSubscribers([url], KEY, count)
  while (hub.subscriberCount(KEY) < count) await new Promise((r) => setTimeout(r, 50))
  const ours = await phases(kirari, seconds, (i, stamp) => hub.publish(KEY, benchComment(i, stamp)))
  await kirari.close()
  await hub.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))

  const nchan = await startNchan()
  let refused = 0
  try {
    const peer = await startSubscribers([nchan.subscribeUrl(KEY)], KEY, count, { sub: false })
    const theirs = await phases(peer, seconds, (i, stamp) => {
      nchan.publish(KEY, JSON.stringify(benchComment(i, stamp))).catch(() => refused++)
    })
    await peer.close()
    const [oursSparse, theirsSparse] = [ours[0], theirs[0]]
    return {
      name: 'push-fanout',
      description: `${count} subscribers of one room, ${SPARSE} then ${BUSY} comments/s for ${seconds} s each; Kirari's hub, then nginx with Nchan on the same clients`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures: [
        ...measuresOf('Kirari', count, ours),
        ...measuresOf('Nchan', count, theirs),
        { name: 'Nchan: publishes refused', value: refused, unit: '' },
        {
          name: `${SPARSE} msg/s: Kirari's p50 latency less Nchan's`,
          value: (oursSparse?.arrivals.p50 ?? 0) - (theirsSparse?.arrivals.p50 ?? 0),
          unit: 'ms',
          target: { kind: 'max', value: 0 },
        },
        {
          name: `${SPARSE} msg/s: Kirari's p99 latency less Nchan's`,
          value: (oursSparse?.arrivals.p99 ?? 0) - (theirsSparse?.arrivals.p99 ?? 0),
          unit: 'ms',
          target: { kind: 'max', value: 0 },
        },
      ],
    }
  } finally {
    await nchan.stop()
  }
}
