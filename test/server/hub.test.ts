import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { textFrame } from '../../server/broadcast/frames.ts'
import { BATCH_MS, PushHub } from '../../server/broadcast/hub.ts'

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

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('push hub', () => {
  it('frames short, 16-bit and 64-bit lengths as WebSocket text frames any client reads', async () => {
    const key = 'hub:lengths'
    const a = await subscriber(key)
    const texts = ['短い', 'あ'.repeat(60), 'x'.repeat(70_000)]
    for (const cm of texts) hub.publish(key, { t: 1, cm })
    await vi.waitFor(() => expect(a.messages).toHaveLength(3))
    // One MSG per WebSocket message, in order, each the whole JSON.
    expect(
      a.messages.map((m) => (JSON.parse(m.split('\t')[2] ?? '{}') as { cm: string }).cm),
    ).toEqual(texts)
    expect(a.messages.every((m) => m.startsWith(`MSG\t${key}\t`))).toBe(true)
    expect(textFrame(Buffer.from('abc'))).toEqual(Buffer.from([0x81, 3, 0x61, 0x62, 0x63]))
    a.ws.close()
  })

  it('encodes a message once and writes a tick’s messages to each socket in one write', async () => {
    const key = 'hub:batch'
    const clients = await Promise.all([subscriber(key), subscriber(key), subscriber(key)])
    const other = await subscriber('hub:elsewhere')
    await pause(BATCH_MS * 2)
    const stringify = vi.spyOn(JSON, 'stringify')
    const write = vi.spyOn(net.Socket.prototype, 'write')
    for (let i = 0; i < 10; i++) hub.publish(key, { t: 1, cm: `連続${i}` })
    expect(stringify).toHaveBeenCalledTimes(10)
    for (const c of clients) await vi.waitFor(() => expect(c.messages).toHaveLength(10))
    // Three sockets follow the key: three writes, each the same ten frames.
    const written = write.mock.calls.map(([chunk]) => chunk)
    expect(written).toHaveLength(3)
    expect(new Set(written).size).toBe(1)
    expect(clients[0].messages.map((m) => m.split('\t')[2])).toEqual(
      Array.from({ length: 10 }, (_, i) => JSON.stringify({ t: 1, cm: `連続${i}` })),
    )
    expect(other.messages).toEqual([])
    for (const c of [...clients, other]) c.ws.close()
  })

  it('sends a quiet room’s message at once, and gathers a busy room’s into one write per socket', async () => {
    const key = 'hub:busy'
    const a = await subscriber(key)
    await pause(BATCH_MS * 2)
    const write = vi.spyOn(net.Socket.prototype, 'write')
    const nextTicks = async () => {
      await new Promise((r) => setImmediate(r))
      await new Promise((r) => setImmediate(r))
    }
    hub.publish(key, { t: 1, cm: '最初' })
    // Quiet: the first message goes out on the next tick, before any batch window.
    await nextTicks()
    expect(write).toHaveBeenCalledTimes(1)
    // Busy: messages within BATCH_MS of that write wait for the window, over several ticks, and
    // then go together.
    for (let i = 0; i < 4; i++) {
      hub.publish(key, { t: 1, cm: `続き${i}` })
      await nextTicks()
    }
    expect(write).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(a.messages).toHaveLength(5))
    expect(write).toHaveBeenCalledTimes(2)
    a.ws.close()
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
