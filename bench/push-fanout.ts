import http from 'node:http'
import type { AddressInfo } from 'node:net'
import v8 from 'node:v8'
import vm from 'node:vm'
import { PushHub } from '../server/broadcast/hub.ts'
import { startNchan } from './nchan.ts'
import type { BenchResult, Measure } from './report.ts'
import {
  benchComment,
  percentile,
  publishAtRate,
  startSubscribers,
  type Subscribers,
} from './subscribers.ts'

/** A full garbage collection in this process, now (a bench's warm-up; see V8's --expose-gc). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc')
  ;(vm.runInNewContext('gc') as () => void)()
}

const KEY = 'bench:fanout'
/** The busy rate (a room in full swing) and the sparse one (most rooms, most of the time). */
const BUSY = 100
const SPARSE = 10
/** How long the last frames of a phase may take to arrive before the counts are read. */
const SETTLE_MS = { [SPARSE]: 500, [BUSY]: 1000 } as const

/** One peer (Kirari's hub or Nchan) with its own subscribers and its way to publish. */
interface Peer {
  subscribers: Subscribers
  publish: (i: number, stampMs: number) => void
}

interface Phase {
  rate: number
  received: number
  /** Every sampled latency, sorted. */
  latencies: number[]
  /** Time from the phase's start to its last receipt, summed over pooled phases. */
  elapsedMs: number
  /** The publishing process's CPU (the hub's, for Kirari), and the receiving process's. */
  busy: number
  clientBusy: number
  published: number
}

async function phase(peer: Peer, rate: number, seconds: number): Promise<Phase> {
  await peer.subscribers.report() // what came before this phase does not count
  const started = Date.now()
  const busy = await publishAtRate(rate, seconds, peer.publish)
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS[rate as keyof typeof SETTLE_MS]))
  const arrivals = await peer.subscribers.report()
  return {
    rate,
    received: arrivals.received,
    latencies: arrivals.latencies,
    elapsedMs: Math.max(1, arrivals.last - started),
    busy,
    clientBusy: arrivals.clientBusy,
    published: rate * seconds,
  }
}

/** Phases of one rate as one: counts summed, latencies pooled, CPU shares averaged. */
function pooled(phases: readonly Phase[]): Phase {
  const mean = (pick: (p: Phase) => number) =>
    phases.reduce((sum, p) => sum + pick(p), 0) / Math.max(1, phases.length)
  return {
    rate: phases[0]?.rate ?? 0,
    received: phases.reduce((sum, p) => sum + p.received, 0),
    latencies: phases.flatMap((p) => p.latencies).sort((a, b) => a - b),
    elapsedMs: phases.reduce((sum, p) => sum + p.elapsedMs, 0),
    busy: mean((p) => p.busy),
    clientBusy: mean((p) => p.clientBusy),
    published: phases.reduce((sum, p) => sum + p.published, 0),
  }
}

function measuresOf(who: 'Kirari' | 'Nchan', count: number, results: Phase[]): Measure[] {
  const measures: Measure[] = []
  for (const { rate, received, latencies, elapsedMs, published, busy, clientBusy } of results) {
    const at = `${who}, ${rate} msg/s`
    const delivered = (100 * received) / (published * count)
    const sparse = rate === SPARSE
    measures.push(
      {
        name: `${at}: deliveries per second`,
        value: Math.round(received / (elapsedMs / 1000)),
        unit: '/s',
      },
      {
        name: `${at}: delivered`,
        value: delivered,
        unit: '%',
        ...(who === 'Kirari' && { target: { kind: 'min' as const, value: 100 } }),
      },
      { name: `${at}: p50 latency`, value: percentile(latencies, 0.5), unit: 'ms' },
      {
        name: `${at}: p99 latency`,
        value: percentile(latencies, 0.99),
        unit: 'ms',
        ...(who === 'Kirari' && !sparse && { target: { kind: 'max' as const, value: 100 } }),
      },
      { name: `${at}: publisher CPU`, value: Math.round(100 * busy), unit: '%' },
      {
        name: `${at}: receiving clients CPU`,
        value: Math.round(100 * clientBusy),
        unit: '%',
      },
    )
  }
  return measures
}

/**
 * The push hub's fan-out, with Nchan (nginx's pub/sub module) beside it on the same kind of
 * clients: 5,000 WebSocket subscribers of one room each (in child processes, so the servers have
 * their own core), comments published at a sparse 10 a second, then a busy 100 a second;
 * deliveries a second and the latency from publish to receipt. Kirari's hub publishes in this
 * process; Nchan is published to over HTTP (its publishing interface), each message stamped as
 * the POST starts. After a second of each not counted (warm-up), the sparse phases alternate, a few seconds each, and each one's are
 * pooled: a machine that slows for a while slows both alike. The busy phases come last, Nchan's
 * at the very end, as it falls behind at 100 a second and leaves its backlog to drain.
 */
export async function benchPushFanout(options: { quick: boolean }): Promise<BenchResult> {
  const count = options.quick ? 2000 : 5000
  const seconds = options.quick ? 2 : 5
  const rounds = options.quick ? 2 : 3
  const sparseSeconds = options.quick ? 2 : 3

  // Every subscriber comes from this machine's one address.
  const hub = new PushHub(undefined, { maxPerAddress: count, maxConnections: count })
  const server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const nchan = await startNchan()
  let refused = 0
  const peers: Peer[] = []
  try {
    const kirari: Peer = {
      subscribers: await startSubscribers([url], KEY, count),
      publish: (i, stamp) => hub.publish(KEY, benchComment(i, stamp)),
    }
    peers.push(kirari)
    while (hub.subscriberCount(KEY) < count) await new Promise((r) => setTimeout(r, 50))
    const peer: Peer = {
      subscribers: await startSubscribers([nchan.subscribeUrl(KEY)], KEY, count, { sub: false }),
      publish: (i, stamp) => {
        nchan.publish(KEY, JSON.stringify(benchComment(i, stamp))).catch(() => refused++)
      },
    }
    peers.push(peer)

    // A second of each first, not counted, and a full collection: a server that has run for a
    // while, as in production (Kirari's write path compiled, its sockets' objects promoted).
    await phase(kirari, SPARSE, 1)
    await phase(peer, SPARSE, 1)
    // The objects of 10,000 fresh connections are promoted now, not in the first measured pass.
    collectGarbage()
    const sparse = { ours: [] as Phase[], theirs: [] as Phase[] }
    for (let round = 0; round < rounds; round++) {
      sparse.ours.push(await phase(kirari, SPARSE, sparseSeconds))
      sparse.theirs.push(await phase(peer, SPARSE, sparseSeconds))
    }
    const ours = [pooled(sparse.ours), await phase(kirari, BUSY, seconds)]
    const theirs = [pooled(sparse.theirs), await phase(peer, BUSY, seconds)]
    const [oursSparse, theirsSparse] = [ours[0], theirs[0]]
    const sparseP = (p: Phase | undefined, q: number) => percentile(p?.latencies ?? [], q)
    return {
      name: 'push-fanout',
      description: `${count} subscribers of one room, ${SPARSE} comments/s (${rounds} × ${sparseSeconds} s, Kirari and Nchan in turn) then ${BUSY} comments/s for ${seconds} s; Kirari's hub and nginx with Nchan, each with its own clients`,
      quick: options.quick,
      at: new Date().toISOString(),
      measures: [
        ...measuresOf('Kirari', count, ours),
        ...measuresOf('Nchan', count, theirs),
        { name: 'Nchan: publishes refused', value: refused, unit: '' },
        {
          name: `${SPARSE} msg/s: Kirari's p50 latency less Nchan's`,
          value: sparseP(oursSparse, 0.5) - sparseP(theirsSparse, 0.5),
          unit: 'ms',
          target: { kind: 'max', value: 0 },
        },
        {
          name: `${SPARSE} msg/s: Kirari's p99 latency less Nchan's`,
          value: sparseP(oursSparse, 0.99) - sparseP(theirsSparse, 0.99),
          unit: 'ms',
          target: { kind: 'max', value: 0 },
        },
      ],
    }
  } finally {
    for (const { subscribers } of peers) await subscribers.close()
    await hub.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await nchan.stop()
  }
}
