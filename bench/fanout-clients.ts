// A child process of the push benches (bench/push-fanout.ts, bench/cluster.ts): N push-socket
// clients following one key, spread evenly over the given servers. Each counts the messages it
// receives; every 10th records the latency from the `"s":<ms>` the publisher stamped. The clients
// speak RFC 6455 over plain TCP and only read frame headers (and, on the sampled sockets, the
// stamp), so that 5,000 of them on one core measure the server, not the client library: `ws`
// spends more per received message than the hub spends per delivery.
//
// argv: <urls, comma-separated> <key> <count> [--no-sub]. With --no-sub the socket follows what
// its URL names (Nchan's `/sub?id=…`) instead of sending Kirari's `SUB\t<key>`.
// stdin: `report` prints what arrived since the last report as one JSON line (with the sampled
// latencies, sorted, so that a bench can pool several phases) and starts anew
// (a bench measures several phases on the same sockets); `done` closes them and exits.
import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { percentile } from './subscribers.ts'

const [urlList = '', key = '', countText = '0'] = process.argv.slice(2)
const urls = urlList.split(',').map((u) => new URL(u))
const count = Number(countText)
const sendSub = !process.argv.includes('--no-sub')
let received = 0
const latencies: number[] = []
let last = 0

/**
 * A client's frame: FIN, masked (RFC 6455 §5.3), payload under 126 bytes; a text frame (opcode 1)
 * by default, or a pong (opcode 10) answering the server's ping, as every client must (§5.5.2).
 */
function clientFrame(payload: Buffer, opcode = 1): Buffer {
  const mask = randomBytes(4)
  const frame = Buffer.alloc(6 + payload.length)
  frame[0] = 0x80 | opcode
  frame[1] = 0x80 | payload.length
  mask.copy(frame, 2)
  for (let i = 0; i < payload.length; i++) frame[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0)
  return frame
}

const STAMP = Buffer.from('"s":')

/** The publisher's stamp in a MSG payload: the digits after `"s":`. */
function stampOf(payload: Buffer): number {
  const at = payload.indexOf(STAMP)
  if (at < 0) return NaN
  let n = 0
  for (let i = at + STAMP.length; i < payload.length; i++) {
    const digit = (payload[i] ?? 0) - 48
    if (digit < 0 || digit > 9) break
    n = n * 10 + digit
  }
  return n
}

function open(i: number): Promise<net.Socket> {
  const sample = i % 10 === 0
  const url = urls[i % urls.length] ?? new URL('ws://127.0.0.1/')
  const { hostname, port } = url
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname)
    socket.setNoDelay(true)
    let upgraded = false
    let pending: Buffer = Buffer.alloc(0)
    socket.once('error', reject)
    socket.on('connect', () =>
      socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      ),
    )
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
      if (!upgraded) {
        const end = pending.indexOf('\r\n\r\n')
        if (end < 0) return
        if (!pending.subarray(0, 12).toString().includes('101')) {
          reject(new Error(pending.subarray(0, end).toString()))
          return
        }
        upgraded = true
        pending = pending.subarray(end + 4)
        if (sendSub) socket.write(clientFrame(Buffer.from(`SUB\t${key}`)))
        resolve(socket)
      }
      // Whole frames only; a frame cut by the chunk waits for the rest.
      let at = 0
      while (pending.length - at >= 2) {
        const code = (pending[at + 1] ?? 0) & 0x7f
        const head = code < 126 ? 2 : code === 126 ? 4 : 10
        if (pending.length - at < head) break
        const length =
          code < 126
            ? code
            : code === 126
              ? pending.readUInt16BE(at + 2)
              : Number(pending.readBigUInt64BE(at + 2))
        if (pending.length - at < head + length) break
        const opcode = (pending[at] ?? 0) & 0x0f
        if (opcode === 9)
          socket.write(clientFrame(pending.subarray(at + head, at + head + length), 10))
        if (opcode === 1) {
          received++
          last = Date.now()
          if (sample)
            latencies.push(last - stampOf(pending.subarray(at + head, at + head + length)))
        }
        at += head + length
      }
      pending = pending.subarray(at)
    })
  })
}

const sockets: net.Socket[] = []
for (let i = 0; i < count; i += 250) {
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, j) => open(i + j)))),
  )
}
process.stdout.write('ready\n')
let cpuBefore = process.cpuUsage()
let since = Date.now()

/** What arrived since the last report; the counts start anew. */
function report(): string {
  const cpu = process.cpuUsage(cpuBefore)
  const clientBusy = (cpu.user + cpu.system) / 1000 / Math.max(1, last - since)
  latencies.sort((a, b) => a - b)
  const summary = {
    received,
    last,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    clientBusy,
    latencies,
  }
  const line = JSON.stringify(summary) + '\n'
  received = 0
  latencies.length = 0
  cpuBefore = process.cpuUsage()
  since = Date.now()
  return line
}

let input = ''
process.stdin.on('data', (chunk: Buffer) => {
  input += chunk.toString()
  for (let cut = input.indexOf('\n'); cut >= 0; cut = input.indexOf('\n')) {
    const command = input.slice(0, cut).trim()
    input = input.slice(cut + 1)
    if (command === 'report') process.stdout.write(report())
    if (command === 'done') {
      for (const socket of sockets) socket.destroy()
      process.exit(0)
    }
  }
})
