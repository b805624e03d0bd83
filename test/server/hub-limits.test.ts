import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { BusOutbox, MAX_BUS_BACKLOG, inProcessBus, type Bus } from '../../server/broadcast/bus.ts'
import { PushHub } from '../../server/broadcast/hub.ts'
import { MAX_COMMANDS_PER_SECOND, type HubOptions } from '../../server/broadcast/sockets.ts'

/** A hub alone on an HTTP server, with the given limits. */
async function hubWith(options: HubOptions = {}, bus?: Bus) {
  const hub = new PushHub(bus, options)
  const server = http.createServer()
  hub.attach(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const close = async () => {
    await hub.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return { hub, url, close }
}

let cleanup: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const step of cleanup.reverse()) await step()
  cleanup = []
})

/** A socket that records what it reads and how it was closed (code, reason). */
function open(url: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers })
  const messages: string[] = []
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
  const refused = new Promise<Error>((resolve) => ws.on('error', resolve))
  ws.on('message', (data: Buffer) => messages.push(data.toString()))
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  // A refused socket's `opened` is never awaited; its rejection is expected, not unhandled.
  opened.catch(() => {})
  return { ws, messages, closed, refused, opened }
}

describe('push hub limits', () => {
  it('cuts off a PING flood: a socket past the command rate is closed, its replies bounded', async () => {
    const { hub, url, close } = await hubWith()
    cleanup.push(close)
    const client = open(url)
    await client.opened
    for (let i = 0; i < 5000; i++) client.ws.send(`PING\t${'x'.repeat(1000)}`)
    const { code, reason } = await client.closed
    expect(code).toBe(1008)
    expect(reason).toBe('too many commands')
    // No more answers than the rate allows, each cut to a short word, not the 1,000 sent.
    expect(client.messages.length).toBeLessThanOrEqual(MAX_COMMANDS_PER_SECOND)
    expect(client.messages.every((m) => m.length <= 4 + 64)).toBe(true)
    await vi.waitFor(() => expect(hub.stats().sockets).toBe(0))
  })

  it('pings and closes a socket that never says SUB', async () => {
    const { hub, url, close } = await hubWith({ subscribeTimeoutMs: 150 })
    cleanup.push(close)
    const idle = open(url)
    const subscribed = open(url)
    await Promise.all([idle.opened, subscribed.opened])
    subscribed.ws.send('SUB\tlimits:room')
    expect(await idle.closed).toEqual({ code: 1008, reason: 'no SUB in time' })
    await new Promise((r) => setTimeout(r, 100))
    expect(subscribed.ws.readyState).toBe(WebSocket.OPEN)
    expect(hub.stats().sockets).toBe(1)
    subscribed.ws.close()
  })

  it('pings every socket once a period, spread over it, and cuts the one that never answers', async () => {
    const period = 900
    const { hub, url, close } = await hubWith({ heartbeatMs: period })
    cleanup.push(close)
    const answering = Array.from({ length: 30 }, () => open(url))
    const pingsAt = answering.map(() => [] as number[])
    answering.forEach(({ ws }, i) => ws.on('ping', () => pingsAt[i]?.push(performance.now())))
    // A client whose network went away: it reads, but never answers a ping.
    const silent = new WebSocket(url, { autoPong: false })
    const silentClosed = new Promise<number>((resolve) => silent.on('close', resolve))
    await Promise.all(answering.map((a) => a.opened))
    const started = performance.now()
    const code = await silentClosed
    // Cut (no closing handshake) at its second turn: at least half a period after its ping.
    expect(code).toBe(1006)
    expect(performance.now() - started).toBeGreaterThanOrEqual(period / 2)
    await new Promise((r) => setTimeout(r, period))
    expect(answering.every(({ ws }) => ws.readyState === WebSocket.OPEN)).toBe(true)
    expect(hub.stats().sockets).toBe(30)
    expect(pingsAt.every((times) => times.length >= 2)).toBe(true)
    // The first pings of the 30 sockets went out over the period, not all at one moment.
    const firsts = pingsAt.map((times) => times[0] ?? 0)
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(period / 3)
    for (const { ws } of answering) ws.close()
  })

  it('caps sockets per address and in all, with a close reason that says why', async () => {
    const perAddress = await hubWith({ maxPerAddress: 2 })
    cleanup.push(perAddress.close)
    const kept = [open(perAddress.url), open(perAddress.url)]
    await Promise.all(kept.map((k) => k.opened))
    const third = open(perAddress.url)
    expect(await third.closed).toEqual({
      code: 1013,
      reason: 'too many connections from this address',
    })
    // One gone: room for another.
    kept[0]?.ws.close()
    await vi.waitFor(() => expect(perAddress.hub.stats().sockets).toBe(1))
    const again = open(perAddress.url)
    await again.opened
    expect(again.ws.readyState).toBe(WebSocket.OPEN)
    for (const k of [kept[1], again]) k?.ws.close()

    const full = await hubWith({ maxConnections: 1 })
    cleanup.push(full.close)
    const only = open(full.url)
    await only.opened
    expect((await open(full.url).closed).code).toBe(1013)
    only.ws.close()
  })

  it('lets pages of the allowed origins and tools without an Origin in, and no other page', async () => {
    const allowed = 'https://live.example.jp'
    const { url, close } = await hubWith({
      originAllowed: (origin) => origin === undefined || origin === allowed,
    })
    cleanup.push(close)
    const evil = open(url, { origin: 'https://evil.example' })
    expect((await evil.refused).message).toContain('403')
    const page = open(url, { origin: allowed })
    const tool = open(url)
    await Promise.all([page.opened, tool.opened])
    page.ws.close()
    tool.ws.close()
    // The default: only pages of the host the socket was asked on.
    const same = await hubWith()
    cleanup.push(same.close)
    const host = new URL(same.url).host
    const local = open(same.url, { origin: `http://${host}` })
    await local.opened
    local.ws.close()
    expect((await open(same.url, { origin: 'http://localhost:1' }).refused).message).toContain(
      '403',
    )
  })

  it('counts viewers, not sockets: one viewer with many sockets counts once', async () => {
    let next = 0
    const viewers = ['session:a', 'session:a', 'session:b', undefined]
    const { hub, url, close } = await hubWith({
      identify: () => Promise.resolve(viewers[next++]),
    })
    cleanup.push(close)
    const sockets = viewers.map(() => open(url))
    for (const s of sockets) {
      await s.opened
      s.ws.send('SUB\tlimits:live')
    }
    // Two sessions and one anonymous socket (its address).
    await vi.waitFor(() => expect(hub.counts().get('limits:live')).toBe(3))
    for (const s of sockets) s.ws.close()
  })

  it('never throws when the bus refuses a frame: keeps it and sends it, in order, once it can', async () => {
    const inner = inProcessBus()
    let down = true
    const bus: Bus = {
      publish: (key, frame, id) => {
        if (down) throw new Error('bus down')
        return inner.publish(key, frame, id)
      },
      onMessage: (handler) => inner.onMessage(handler),
      close: () => inner.close(),
    }
    const errors: unknown[] = []
    const { hub, url, close } = await hubWith({ onBusError: (e) => errors.push(e) }, bus)
    cleanup.push(close)
    const viewer = open(url)
    await viewer.opened
    viewer.ws.send('SUB\tlimits:gifts')
    await vi.waitFor(() => expect(hub.subscriberCount('limits:gifts')).toBe(1))
    expect(() => hub.publish('limits:gifts', { n: 1 })).not.toThrow()
    hub.publish('limits:gifts', { n: 2 })
    expect(hub.stats().busBacklog).toBe(2)
    expect(errors.length).toBeGreaterThan(0)
    down = false
    await vi.waitFor(() => expect(viewer.messages).toHaveLength(2), { timeout: 3000 })
    expect(
      viewer.messages.map((m) => JSON.parse(m.split('\t')[2] ?? '{}') as { n: number }),
    ).toEqual([{ n: 1 }, { n: 2 }])
    expect(hub.stats().busBacklog).toBe(0)
    viewer.ws.close()
  })

  it('a connection lost under frames in flight: sent again in order with their ids, each stored once', async () => {
    // A stream that acknowledges and stores a frame once per id. The connection drops: 'one'
    // had reached it but its acknowledgement is lost; 'two' had not reached it. Both are refused
    // late, 'two' first.
    const stored: Array<{ id: string; frame: string }> = []
    const store = (id: string, frame: string) => {
      if (!stored.some((s) => s.id === id)) stored.push({ id, frame })
    }
    let attempts = 0
    const bus: Bus = {
      publish: (_key, frame, id) => {
        attempts++
        if (attempts === 1) {
          store(id, frame)
          return new Promise((_, reject) => setTimeout(() => reject(new Error('ack lost')), 30))
        }
        if (attempts === 2) {
          return new Promise((_, reject) => setTimeout(() => reject(new Error('lost')), 10))
        }
        store(id, frame)
        return Promise.resolve()
      },
      onMessage: () => {},
      close: () => Promise.resolve(),
    }
    const errors: unknown[] = []
    const outbox = new BusOutbox(bus, (e) => errors.push(e))
    outbox.send('k', 'one')
    outbox.send('k', 'two')
    await vi.waitFor(() => expect(stored.map((s) => s.frame)).toEqual(['one', 'two']), {
      timeout: 3000,
    })
    expect(outbox.size).toBe(0)
    expect(errors.length).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, 1200))
    expect(stored.map((s) => s.frame)).toEqual(['one', 'two'])
    outbox.stop()
  })

  it('keeps at most MAX_BUS_BACKLOG refused frames, the newest', async () => {
    const bus: Bus = {
      publish: () => Promise.reject(new Error('bus down')),
      onMessage: () => {},
      close: () => Promise.resolve(),
    }
    const hub = new PushHub(bus)
    for (let i = 0; i < MAX_BUS_BACKLOG + 10; i++) hub.publish('limits:x', { i })
    await vi.waitFor(() => expect(hub.stats().busBacklog).toBe(MAX_BUS_BACKLOG))
    await hub.close()
  })
})
