import { spawn } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { PushHub } from '../server/broadcast/hub.ts'
import type { BenchResult } from './report.ts'

const KEY = 'bench:fanout'

/**
 * The push hub's fan-out: 5,000 WebSocket subscribers of one room (in a second process, so the
 * hub has its own core) and 100 comments a second published into the room; deliveries a second
 * and the delivery latency from publish to receipt.
 */
export async function benchPushFanout(options: { quick: boolean }): Promise<BenchResult> {
  const subscribers = options.quick ? 2000 : 5000
  const seconds = options.quick ? 3 : 10
  const perSecond = 100
  // Every subscriber comes from this machine's one address.
  const hub = new PushHub(undefined, { maxPerAddress: subscribers, maxConnections: subscribers })
  const server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'fanout-clients.ts'),
      url,
      KEY,
      String(subscribers),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  let out = ''
  const line = () =>
    new Promise<string>((resolve) => {
      const onData = (chunk: Buffer) => {
        out += chunk.toString()
        const cut = out.indexOf('\n')
        if (cut >= 0) {
          child.stdout.off('data', onData)
          const first = out.slice(0, cut)
          out = out.slice(cut + 1)
          resolve(first)
        }
      }
      child.stdout.on('data', onData)
    })
  await line() // ready
  while (hub.subscriberCount(KEY) < subscribers) await new Promise((r) => setTimeout(r, 50))

  const started = Date.now()
  const cpuBefore = process.cpuUsage()
  let published = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond)
      for (; published < Math.min(due, seconds * perSecond); published++) {
        hub.publish(KEY, {
          t: 1,
          s: Date.now(),
          ac: 'ベンチ',
          cm: `コメント ${published}`,
          u: 1,
          av: 1,
          created_at: Math.floor(Date.now() / 1000),
        })
      }
      if (published >= seconds * perSecond) {
        clearInterval(timer)
        resolve()
      }
    }, 5)
  })
  const cpu = process.cpuUsage(cpuBefore)
  const busy = (cpu.user + cpu.system) / 1000 / (Date.now() - started)
  // Let the last frames arrive.
  const expected = published * subscribers
  const report = line()
  await new Promise((r) => setTimeout(r, 1500))
  child.stdin.write('done\n')
  const { received, last, p50, p99, clientBusy } = JSON.parse(await report) as {
    received: number
    last: number
    p50: number
    p99: number
    clientBusy: number
  }
  await hub.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  const elapsed = Math.max(1, last - started) / 1000
  return {
    name: 'push-fanout',
    description: `${subscribers} subscribers of one room, ${perSecond} comments/s for ${seconds} s`,
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      {
        name: 'deliveries per second, all offered, one hub process',
        value: Math.round(received / elapsed),
        unit: '/s',
        target: { kind: 'min', value: 100_000 },
      },
      {
        name: 'delivered',
        value: (100 * received) / expected,
        unit: '%',
        target: { kind: 'min', value: 100 },
      },
      { name: 'hub process CPU while publishing', value: Math.round(100 * busy), unit: '%' },
      {
        name: 'deliveries per second of hub CPU time',
        value: Math.round(received / elapsed / Math.max(busy, 0.01)),
        unit: '/s',
      },
      {
        name: 'receiving clients CPU (the other process)',
        value: Math.round(100 * clientBusy),
        unit: '%',
      },
      { name: 'p50 latency', value: p50, unit: 'ms' },
      { name: 'p99 latency', value: p99, unit: 'ms', target: { kind: 'max', value: 250 } },
    ],
  }
}
