import { spawn } from 'node:child_process'
import path from 'node:path'
import readline from 'node:readline'

/** What the subscribers received in one phase (bench/fanout-clients.ts). */
export interface Arrivals {
  received: number
  /** Date.now() of the last message received. */
  last: number
  p50: number
  p99: number
  /** The receiving process's CPU over the phase, 1 = one core. */
  clientBusy: number
  /** The sampled latencies (every 10th socket's), sorted, in ms. */
  latencies: number[]
}

/** The `p` quantile (0–1) of sorted samples. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0

export interface Subscribers {
  /** What arrived since the last report (or since they were ready). */
  report(): Promise<Arrivals>
  close(): Promise<void>
}

/**
 * `count` push sockets in a child process (bench/fanout-clients.ts), spread evenly over `urls`,
 * following `key`; resolves once every one is subscribed. `sub: false` for servers whose URL names
 * the channel (Nchan) rather than Kirari's `SUB` command.
 */
export async function startSubscribers(
  urls: readonly string[],
  key: string,
  count: number,
  options: { sub: boolean } = { sub: true },
): Promise<Subscribers> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'fanout-clients.ts'),
      urls.join(','),
      key,
      String(count),
      ...(options.sub ? [] : ['--no-sub']),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (): Promise<string> => {
    const line = await Promise.race([lines.next(), exited.then(() => null)])
    if (!line || line.done) throw new Error('the subscribers process ended early')
    return line.value
  }
  await next() // ready
  return {
    async report() {
      child.stdin.write('report\n')
      return JSON.parse(await next()) as Arrivals
    },
    async close() {
      child.stdin.write('done\n')
      await exited
    },
  }
}

/**
 * Calls `publish(i, stampMs)` `perSecond` times a second for `seconds`, evenly paced (a timer
 * every 5 ms sends what is due); resolves with the share of one core this process spent meanwhile.
 */
export async function publishAtRate(
  perSecond: number,
  seconds: number,
  publish: (i: number, stampMs: number) => void,
): Promise<number> {
  const started = Date.now()
  const cpuBefore = process.cpuUsage()
  const total = Math.round(perSecond * seconds)
  let published = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * perSecond) + 1)
      for (; published < due; published++) publish(published, Date.now())
      if (published >= total) {
        clearInterval(timer)
        resolve()
      }
    }, 5)
  })
  const cpu = process.cpuUsage(cpuBefore)
  return (cpu.user + cpu.system) / 1000 / Math.max(1, Date.now() - started)
}

/** A comment frame as the hub carries it, stamped for the subscribers' latency. */
export const benchComment = (i: number, stampMs: number) => ({
  t: 1,
  s: stampMs,
  ac: 'ベンチ',
  cm: `コメント ${i}`,
  u: 1,
  av: 1,
  created_at: Math.floor(stampMs / 1000),
})
