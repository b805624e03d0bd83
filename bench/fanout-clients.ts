// A child process of bench/push-fanout.ts: N push-socket clients following one key. Each counts
// what it receives; every 10th records the latency from the `"s":<ms>` the publisher stamped.
import WebSocket from 'ws'

const [url = '', key = '', countText = '0'] = process.argv.slice(2)
const count = Number(countText)
let received = 0
const latencies: number[] = []
let last = 0

function stampOf(frame: string): number {
  const at = frame.indexOf('"s":')
  return at < 0 ? NaN : Number(frame.slice(at + 4, frame.indexOf(',', at)))
}

async function open(i: number) {
  // The load generator trusts the hub's UTF-8, so its own work stays small beside the hub's.
  const ws = new WebSocket(url, { skipUTF8Validation: true })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const sample = i % 10 === 0
  ws.on('message', (data: Buffer) => {
    received++
    last = Date.now()
    if (sample) latencies.push(last - stampOf(data.toString()))
  })
  ws.send(`SUB\t${key}`)
  return ws
}

const sockets: WebSocket[] = []
for (let i = 0; i < count; i += 250) {
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)))),
  )
}
process.stdout.write('ready\n')
const cpuBefore = process.cpuUsage()
const readyAt = Date.now()
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
process.stdin.on('data', () => {
  const cpu = process.cpuUsage(cpuBefore)
  const clientBusy = (cpu.user + cpu.system) / 1000 / (last - readyAt)
  for (const ws of sockets) ws.terminate()
  latencies.sort((a, b) => a - b)
  const summary = {
    received,
    last,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    clientBusy,
  }
  process.stdout.write(JSON.stringify(summary) + '\n', () => process.exit(0))
})
