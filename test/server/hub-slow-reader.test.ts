import http from 'node:http'
import type { AddressInfo } from 'node:net'
import v8 from 'node:v8'
import vm from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAGGING_BYTES, MAX_BUFFERED_BYTES } from '../../server/broadcast/backlog.ts'
import { PushHub } from '../../server/broadcast/hub.ts'
import type { HubOptions } from '../../server/broadcast/sockets.ts'
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

/** A full collection, through V8's public flags API (vitest's workers run without --expose-gc). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc')
  ;(vm.runInNewContext('gc') as () => void)()
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
    let peak = 0
    const published = await publishUntil(hub, key, () => {
      peak = Math.max(peak, hub.stats().backlogBytes)
      return hub.subscriberCount(key) < 2
    })
    expect(hub.subscriberCount(key)).toBe(1)
    expect(hub.stats().sockets).toBe(1)
    // It was let grow to the bound, no further: what a slow socket holds is bounded.
    expect(peak).toBeGreaterThan(LAGGING_BYTES)
    expect(peak).toBeLessThanOrEqual(MAX_BUFFERED_BYTES)
    await keepsReading(hub, key, fast, published)
  })

  it('cuts the laggards first once the process’s backlog passes its budget', async () => {
    const budget = 96 << 10
    const { hub, port } = await hubWith({ maxBacklogBytes: budget })
    const key = 'slow:budget'
    const clients = [await rawWs(port), await rawWs(port), await rawWs(port)]
    for (const c of clients) c.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(3))
    const [first, second, reader] = clients as [RawWs, RawWs, RawWs]
    first.socket.pause()
    second.socket.pause()
    let peak = 0
    const published = await publishUntil(hub, key, () => {
      peak = Math.max(peak, hub.stats().backlogBytes)
      return hub.subscriberCount(key) < 2
    })
    // Both laggards are gone, each long before its own bound; the reader stays.
    await vi.waitFor(() => expect(hub.subscriberCount(key)).toBe(1))
    expect(peak).toBeLessThanOrEqual(budget)
    expect(hub.stats()).toMatchObject({ sockets: 1, backlogBytes: 0 })
    await keepsReading(hub, key, reader, published)
  })
})

describe('rooms', () => {
  it('are bounded: a SUB that would start one room too many is ignored, existing rooms still join', async () => {
    const { hub, port } = await hubWith({ maxRooms: 3 })
    const a = await rawWs(port)
    for (const key of ['r:1', 'r:2', 'r:3', 'r:4', 'r:5']) a.sendText(`SUB\t${key}`)
    await vi.waitFor(() => expect(hub.subscriberCount('r:3')).toBe(1))
    await pause(50)
    expect(hub.subscriberCount('r:4')).toBe(0)
    expect(hub.subscriberCount('r:5')).toBe(0)
    expect(hub.counts().size).toBe(3)
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
})
