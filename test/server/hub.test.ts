import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { textFrame } from '../../server/broadcast/frames.ts'
import { PushHub } from '../../server/broadcast/hub.ts'
import type { Client } from '../../server/broadcast/sockets.ts'
import { RollingWriter } from '../../server/broadcast/writer.ts'
import { registry } from '../../server/services/observability/metrics.ts'

/** A push hub alone on an HTTP server, and clients that record every message they read. */
let hub: PushHub
let server: http.Server
let url: string

beforeAll(async () => {
  hub = new PushHub()
  server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await hub.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
afterEach(() => vi.restoreAllMocks())

async function subscriber(key: string) {
  const ws = new WebSocket(url)
  const messages: string[] = []
  ws.on('message', (data: Buffer) => messages.push(data.toString()))
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  ws.send(`SUB\t${key}`)
  await vi.waitFor(() => expect(hub.subscriberCount(key)).toBeGreaterThan(0))
  return { ws, messages }
}

/** push_messages_delivered_total as /metrics would show it now. */
async function delivered(): Promise<number> {
  const metric = await registry.getSingleMetric('push_messages_delivered_total')?.get()
  return metric?.values[0]?.value ?? 0
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Watches the server's writes of WebSocket frames (unmasked: a client's are masked). */
function serverFrameWrites() {
  const write = vi.spyOn(net.Socket.prototype, 'write')
  return () =>
    write.mock.calls
      .map(([chunk]) => chunk as unknown)
      .filter((chunk): chunk is Buffer => Buffer.isBuffer(chunk) && ((chunk[1] ?? 0) & 0x80) === 0)
}

describe('push hub', () => {
  it('frames short, 16-bit and 64-bit lengths as WebSocket text frames any client reads', async () => {
    const key = 'hub:lengths'
    const a = await subscriber(key)
    // (A frame of 64 KiB or more — a 64-bit length — is over the bus's frame cap: see below.)
    const texts = ['短い', 'あ'.repeat(60), 'x'.repeat(10_000)]
    for (const cm of texts) hub.publish(key, { t: 1, cm })
    await vi.waitFor(() => expect(a.messages).toHaveLength(3))
    // One MSG per WebSocket message, in order, each the whole JSON.
    expect(
      a.messages.map((m) => (JSON.parse(m.split('\t')[2] ?? '{}') as { cm: string }).cm),
    ).toEqual(texts)
    expect(a.messages.every((m) => m.startsWith(`MSG\t${key}\t`))).toBe(true)
    expect(textFrame(Buffer.from('abc'))).toEqual(Buffer.from([0x81, 3, 0x61, 0x62, 0x63]))
    const long = textFrame(Buffer.alloc(70_000, 0x61))
    expect([...long.subarray(0, 10)]).toEqual([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
    expect(long.length).toBe(70_010)
    a.ws.close()
  })

  it('encodes a message once and writes a tick’s messages to each socket in one write', async () => {
    const key = 'hub:batch'
    const clients = await Promise.all([subscriber(key), subscriber(key), subscriber(key)])
    const other = await subscriber('hub:elsewhere')
    await pause(50)
    const deliveredBefore = await delivered()
    const stringify = vi.spyOn(JSON, 'stringify')
    const writes = serverFrameWrites()
    for (let i = 0; i < 10; i++) hub.publish(key, { t: 1, cm: `連続${i}` })
    expect(stringify).toHaveBeenCalledTimes(10)
    for (const c of clients) await vi.waitFor(() => expect(c.messages).toHaveLength(10))
    // Three sockets follow the key: three writes, each the same ten frames.
    const written = writes()
    expect(written).toHaveLength(3)
    expect(new Set(written).size).toBe(1)
    expect(clients[0].messages.map((m) => m.split('\t')[2])).toEqual(
      Array.from({ length: 10 }, (_, i) => JSON.stringify({ t: 1, cm: `連続${i}` })),
    )
    expect(other.messages).toEqual([])
    // The metric counts each frame once per socket it reached: 10 frames, 3 sockets.
    expect((await delivered()) - deliveredBefore).toBe(30)
    for (const c of [...clients, other]) c.ws.close()
  })

  it('sends a quiet room’s message on the next turn, with no batch window', async () => {
    const key = 'hub:quiet'
    const a = await subscriber(key)
    const writes = serverFrameWrites()
    const nextTurn = () => new Promise((r) => setImmediate(r))
    for (let i = 0; i < 3; i++) {
      hub.publish(key, { t: 1, cm: `静か${i}` })
      await nextTurn()
      await nextTurn()
      // Each message is written by itself, at once.
      expect(writes()).toHaveLength(i + 1)
    }
    await vi.waitFor(() => expect(a.messages).toHaveLength(3))
    a.ws.close()
  })
})

describe('the rolling writer', () => {
  const follower = (name: string) => ({ name }) as unknown as Client
  const nameOf = (client: Client) => (client as unknown as { name: string }).name
  const text = (frames: readonly Buffer[]) => frames.map((f) => f.toString()).join('+')
  const settle = async (writer: RollingWriter) => {
    for (let turn = 0; turn < 50; turn++) await new Promise((r) => setImmediate(r))
    writer.drain()
  }

  it('a frame published during a pass reaches the followers not yet passed in that pass, the others right after', async () => {
    const written: string[] = []
    const writer: RollingWriter = new RollingWriter((client, batch, frames) => {
      written.push(`${nameOf(client)}:${text(frames)}`)
      expect(batch.toString()).toBe(frames.map((f) => f.toString()).join(''))
      // The first write's turn over, B is published while the pass is under way.
      if (written.length === 1) writer.append('room', Buffer.from('B'))
    }, 1)
    for (const name of ['c1', 'c2', 'c3']) writer.follow('room', follower(name))
    writer.append('room', Buffer.from('A'))
    expect(written).toEqual([])
    await settle(writer)
    expect(written).toEqual(['c1:A', 'c2:A+B', 'c3:A+B', 'c1:B'])
    // A follower that came later is owed only what comes after it.
    writer.follow('room', follower('c4'))
    writer.append('room', Buffer.from('C'))
    await settle(writer)
    expect(written.slice(4)).toEqual(['c1:C', 'c2:C', 'c3:C', 'c4:C'])
  })

  it('a small room’s frame is not held up behind a big room’s pass', async () => {
    const written: string[] = []
    const writer = new RollingWriter((client, _batch, frames) => {
      written.push(`${nameOf(client)}:${text(frames)}`)
    }, 2)
    for (let i = 1; i <= 6; i++) writer.follow('big', follower(`big${i}`))
    writer.follow('small', follower('small1'))
    writer.append('big', Buffer.from('X'))
    writer.append('small', Buffer.from('Y'))
    await settle(writer)
    expect(written.indexOf('small1:Y')).toBeLessThan(written.indexOf('big6:X'))
    expect(written).toHaveLength(7)
  })

  it('writes everything owed at once when drained, and nothing to a follower that left', () => {
    const written: string[] = []
    const writer = new RollingWriter((client, _batch, frames) => {
      written.push(`${nameOf(client)}:${text(frames)}`)
    })
    const gone = follower('gone')
    writer.follow('room', follower('stays'))
    writer.follow('room', gone)
    writer.append('room', Buffer.from('1'))
    writer.append('room', Buffer.from('2'))
    writer.unfollow('room', gone)
    expect(writer.append('nobody', Buffer.from('x'))).toBe(false)
    writer.drain()
    expect(written).toEqual(['stays:1+2'])
  })

  it('followers leaving and coming mid-pass, and many coming and going in a quiet room', async () => {
    const written: string[] = []
    const [a, b, c] = [follower('a'), follower('b'), follower('c')]
    const writer: RollingWriter = new RollingWriter((client, _batch, frames) => {
      written.push(`${nameOf(client)}:${text(frames)}`)
      // After a's write, mid-pass: b leaves before its turn, c comes.
      if (written.length === 1) {
        writer.unfollow('room', b)
        writer.follow('room', c)
        writer.append('room', Buffer.from('2'))
      }
    }, 1)
    writer.follow('room', a)
    writer.follow('room', b)
    writer.append('room', Buffer.from('1'))
    await settle(writer)
    expect(written).toEqual(['a:1', 'c:2', 'a:2'])
    // Hundreds come and go with no frame between; b comes back. Each present follower, once.
    for (let i = 0; i < 500; i++) {
      const passing = follower(`p${i}`)
      writer.follow('room', passing)
      writer.unfollow('room', passing)
    }
    writer.follow('room', b)
    writer.append('room', Buffer.from('3'))
    await settle(writer)
    expect(written.slice(3).sort()).toEqual(['a:3', 'b:3', 'c:3'])
    expect(writer.followerCount('room')).toBe(3)
  })
})

describe('a push after a commit', () => {
  it('reports its failure and never fails the caller, whose write has happened', async () => {
    const reported: Array<[string, unknown]> = []
    const own = new PushHub(undefined, {
      onPushError: (what, error) => reported.push([what, error]),
    })
    const failure = new Error('standings unreadable')
    await expect(
      own.afterCommit('event standings', () => Promise.reject(failure)),
    ).resolves.toBeUndefined()
    let ran = false
    await own.afterCommit('event standings', () => {
      ran = true
      return Promise.resolve()
    })
    expect(ran).toBe(true)
    expect(reported).toEqual([['event standings', failure]])
    await own.close()
  })
})
