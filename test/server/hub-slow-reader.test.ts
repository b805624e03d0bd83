import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAGGING_BYTES, MAX_BUFFERED_BYTES } from '../../server/broadcast/backlog.ts'
import { PushHub } from '../../server/broadcast/hub.ts'
import { MAX_COMMANDS_PER_SECOND, type HubOptions } from '../../server/broadcast/sockets.ts'
import { pushRefused } from '../../server/services/observability/metrics.ts'
import { parseFrames, rawWs, type RawWs } from './raw-ws.ts'

// A viewer whose socket stops reading (a phone on a poor network, or a client that sends PINGs
// and never reads) must later read exactly the frames it was sent. Frames that wait for the
// kernel must be kept alive by the hub until they are written: one that is not is read back with
// the bytes of whatever the process allocated in its place (issue #50).

let cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

async function hubWith(options: HubOptions = {}) {
  const hub = new PushHub(undefined, options)
  const server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanup.push(async () => {
    await hub.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { hub, port: (server.address() as AddressInfo).port }
}

/** A full collection, now (the suite's workers run with --expose-gc: vitest.config.ts). */
function collectGarbage(): void {
  const { gc } = globalThis as { gc?: () => void }
  if (!gc) throw new Error('run with node --expose-gc (vitest.config.ts sets it)')
  gc()
}

/** push_refused_total for `what` and `reason`, as /metrics would show it now. */
async function refused(what: string, reason: string): Promise<number> {
  const { values } = await pushRefused.get()
  return values.find((v) => v.labels.what === what && v.labels.reason === reason)?.value ?? 0
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a push socket that stops reading', () => {
  it('reads back, once it reads again, only well-formed frames, each exactly as sent', async () => {
    const { hub, port } = await hubWith()
    const key = 'slow:reader'
    const client = await rawWs(port)
    client.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(1))
    client.socket.pause()

    // Room frames (distinct bytes each) and PING replies, until the kernel holds no more and the
    // hub keeps a backlog of its own for the socket: from then on its frames wait in memory. It
    // stays under the bound at which the socket would be cut off (another test's business).
    const sent: string[] = []
    const pings: string[] = []
    let batch = 0
    while (hub.stats().backlogBytes <= LAGGING_BYTES) {
      expect(batch++).toBeLessThan(1000)
      for (let i = 0; i < 10; i++) {
        const message = { t: 1, n: sent.length, cm: `${sent.length}:`.padEnd(600, 'あいう') }
        hub.publish(key, message)
        sent.push(`MSG\t${key}\t${JSON.stringify(message)}`)
      }
      // A PING now and then, under the command rate a socket may send.
      if (batch % 10 === 0) {
        const word = `w${pings.length}`
        pings.push(word)
        client.sendText(`PING\t${word}`)
      }
      await pause(2)
    }
    // More replies asked for while it does not read.
    for (let i = 0; i < 20; i++) {
      const word = `late${i}`
      pings.push(word)
      client.sendText(`PING\t${word}`)
    }
    await pause(50)
    expect(hub.stats().backlogBytes).toBeLessThan(MAX_BUFFERED_BYTES)

    // Nothing of the test holds the frames. The process collects and allocates other bytes.
    collectGarbage()
    const litter = Array.from({ length: 4000 }, (_, i) =>
      Buffer.allocUnsafe(200 + (i % 40) * 100).fill(0xee),
    )
    collectGarbage()
    expect(litter.length).toBe(4000)

    client.socket.resume()
    await vi.waitFor(
      () => {
        const texts = parseFrames(client.received()).filter((f) => f.opcode === 0x1)
        expect(texts.filter((f) => f.payload.toString().startsWith('MSG')).length).toBe(sent.length)
      },
      { timeout: 20_000, interval: 100 },
    )
    const frames = parseFrames(client.received())
    expect(frames.every((f) => f.fin && (f.opcode === 0x1 || f.opcode === 0x9))).toBe(true)
    const texts = frames.filter((f) => f.opcode === 0x1).map((f) => f.payload.toString())
    // Every room frame, in order, byte for byte.
    expect(texts.filter((t) => t.startsWith('MSG\t'))).toEqual(sent)
    // Each reply names a word asked for, in the order asked; none is garbled.
    const acks = texts.filter((t) => !t.startsWith('MSG\t'))
    expect(acks.every((t) => t.startsWith('ACK\t'))).toBe(true)
    const words = acks.map((t) => t.slice(4))
    expect(words).toEqual(pings.filter((w) => words.includes(w)))
    expect(words.length).toBeGreaterThan(0)
    // Those asked for once it had LAGGING_BYTES unread were not answered: PINGs pin nothing.
    expect(words.filter((w) => w.startsWith('late'))).toEqual([])
  })

  /** Publishes a room's frames in batches until `done`, at most `limit` batches; answers how many. */
  async function publishUntil(hub: PushHub, key: string, done: () => boolean, limit = 2000) {
    const message = { t: 1, cm: 'x'.repeat(2000) }
    let published = 0
    for (let batch = 0; batch < limit && !done(); batch++) {
      for (let i = 0; i < 20; i++) hub.publish(key, message)
      published += 20
      await pause(5)
    }
    return published
  }

  /** The reader gets every frame published, then one more. */
  async function keepsReading(hub: PushHub, key: string, reader: RawWs, published: number) {
    const count = () => parseFrames(reader.received()).length
    await vi.waitFor(() => expect(count()).toBe(published), { timeout: 10_000 })
    hub.publish(key, { t: 1, cm: 'まだ' })
    await vi.waitFor(() => expect(count()).toBe(published + 1))
  }

  it('is cut off when its backlog keeps growing, while a socket that reads keeps receiving', async () => {
    const { hub, port } = await hubWith()
    const key = 'slow:growing'
    const [slow, fast] = [await rawWs(port), await rawWs(port)]
    for (const c of [slow, fast]) c.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(2))
    slow.socket.pause()
    const cutBefore = await refused('socket', 'backlog')
    let peak = 0
    const published = await publishUntil(hub, key, () => {
      peak = Math.max(peak, hub.stats().backlogBytes)
      return hub.subscriberCount(key) < 2
    })
    expect(hub.subscriberCount(key)).toBe(1)
    expect(hub.stats().sockets).toBe(1)
    expect((await refused('socket', 'backlog')) - cutBefore).toBe(1)
    // It was let grow to the bound, no further: what a slow socket holds is bounded.
    expect(peak).toBeGreaterThan(LAGGING_BYTES)
    expect(peak).toBeLessThanOrEqual(MAX_BUFFERED_BYTES)
    await keepsReading(hub, key, fast, published)
  })

  it('cuts the laggards once the process’s backlog passes its budget, and only them', async () => {
    const budget = 128 << 10
    const { hub, port } = await hubWith({ maxBacklogBytes: budget })
    const key = 'slow:budget'
    const clients = await Promise.all([1, 2, 3, 4].map(() => rawWs(port)))
    for (const c of clients) c.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(4))
    const [reader, ...laggards] = clients as [RawWs, RawWs, RawWs, RawWs]
    for (const c of laggards) c.socket.pause()
    let peak = 0
    const published = await publishUntil(hub, key, () => {
      peak = Math.max(peak, hub.stats().backlogBytes)
      return hub.subscriberCount(key) < 2
    })
    // The laggards are gone while the process held far less than their own bounds would let it
    // (3 × MAX_BUFFERED_BYTES): at most the budget, a laggard's share each, and a pass's frames.
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(1))
    expect(peak).toBeLessThan(budget + 3 * LAGGING_BYTES + 64 * 2100)
    expect(peak).toBeLessThan(3 * MAX_BUFFERED_BYTES)
    expect(hub.stats()).toMatchObject({ sockets: 1, backlogBytes: 0 })
    await keepsReading(hub, key, reader, published)
  })

  it('is cut off at its next heartbeat turn when it has not read for a whole period, its room quiet', async () => {
    const { hub, port } = await hubWith({ heartbeatMs: 900 })
    const key = 'slow:quiet'
    const client = await rawWs(port)
    client.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(1))
    client.socket.pause()
    await publishUntil(hub, key, () => hub.stats().backlogBytes > LAGGING_BYTES)
    // The room goes quiet: no frame will take the socket to its bound. The heartbeat does.
    expect(hub.stats().sockets).toBe(1)
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(0), { timeout: 5000 })
  })
})

describe('a client’s pings', () => {
  it('are answered with its payload, bounded like every reply, and a ping flood is cut', async () => {
    const { hub, port } = await hubWith()
    const client = await rawWs(port)
    client.sendText('SUB\tping:room')
    client.sendFrame(0x9, Buffer.from('hello'))
    await vi.waitFor(() => {
      const pongs = parseFrames(client.received()).filter((f) => f.opcode === 0xa)
      expect(pongs.map((f) => f.payload.toString())).toEqual(['hello'])
    })
    for (let i = 0; i < 200; i++) client.sendFrame(0x9, Buffer.from(`p${i}`))
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(0), { timeout: 5000 })
    const pongs = parseFrames(client.received()).filter((f) => f.opcode === 0xa)
    expect(pongs.length).toBeLessThanOrEqual(MAX_COMMANDS_PER_SECOND + 1)
  })
})

describe('rooms', () => {
  it('are bounded: a SUB that would start one room too many is ignored, existing rooms still join', async () => {
    const { hub, port } = await hubWith({ maxRooms: 3 })
    const ignoredBefore = await refused('sub', 'rooms')
    const a = await rawWs(port)
    for (const key of ['r:1', 'r:2', 'r:3', 'r:4', 'r:5']) a.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount('r:3')).toBe(1))
    await pause(50)
    expect(hub.subscriberCount('r:4')).toBe(0)
    expect(hub.subscriberCount('r:5')).toBe(0)
    expect(hub.counts().size).toBe(3)
    expect((await refused('sub', 'rooms')) - ignoredBefore).toBe(2)
    const b = await rawWs(port)
    b.sendText('SUB\tr:2')
    b.sendText('SUB\tr:6')
    await vi.waitFor(() => expect(hub.subscriberCount('r:2')).toBe(2))
    await pause(50)
    expect(hub.subscriberCount('r:6')).toBe(0)
    // A room whose last follower leaves makes room for another.
    a.sendText('QUIT')
    await vi.waitFor(() => expect(hub.counts().size).toBe(1), { timeout: 5000 })
    b.sendText('SUB\tr:6')
    await vi.waitFor(() => expect(hub.subscriberCount('r:6')).toBe(1))
  })

  it('are bounded per address too: one address cannot take the rooms of all', async () => {
    const { hub, port } = await hubWith({
      maxRoomsPerAddress: 2,
      addressOf: (request) => String(request.headers['x-test-address']),
    })
    const one = await rawWs(port, { 'X-Test-Address': '192.0.2.1' })
    for (const key of ['a:1', 'a:2', 'a:3']) one.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount('a:2')).toBe(1))
    await pause(50)
    expect(hub.subscriberCount('a:3')).toBe(0)
    // Another address starts its own rooms, and joins the first one's.
    const other = await rawWs(port, { 'X-Test-Address': '192.0.2.2' })
    for (const key of ['a:3', 'a:1']) other.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount('a:1')).toBe(2))
    expect(hub.subscriberCount('a:3')).toBe(1)
    // The first address's rooms both still followed (a:1 by the other too): still none for it.
    const again = await rawWs(port, { 'X-Test-Address': '192.0.2.1' })
    again.sendText('SUB\ta:4')
    again.sendText('SUB\ta:3')
    await vi.waitFor(() => expect(hub.subscriberCount('a:3')).toBe(2))
    expect(hub.subscriberCount('a:4')).toBe(0)
  })
})
