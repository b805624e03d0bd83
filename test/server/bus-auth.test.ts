import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { Redis } from 'ioredis'
import { connect, StringCodec } from 'nats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { Bus } from '../../server/broadcast/bus.ts'
import { MAX_BUS_FRAME_BYTES } from '../../server/broadcast/bus.ts'
import { BUS_TOPIC, natsBus, openBus, redisBus } from '../../server/broadcast/buses.ts'
import { PushHub } from '../../server/broadcast/hub.ts'
import { registry } from '../../server/services/observability/metrics.ts'
import {
  NATS_SERVER,
  REDIS_SERVER,
  selfSigned,
  startNats,
  startRedis,
  type Started,
} from './bus-servers.ts'

/**
 * The bus authenticates (issue #50): each bus against a server of its own that asks for
 * credentials. The right ones connect and deliver; wrong or none fail the start with the reason,
 * never a hang, never the password in the message. And what comes off the bus goes to viewers
 * only if it is a frame the site could have sent.
 */

const PASSWORD = 'p@ss:w/0rd'
const TOKEN = 'kirari-token-0123456789'
const escaped = encodeURIComponent(PASSWORD)

const have = fs.existsSync(NATS_SERVER) && fs.existsSync(REDIS_SERVER)
if (!have && process.env.CI)
  throw new Error(`CI=true but ${NATS_SERVER} or ${REDIS_SERVER} is missing`)
if (!have) console.warn('bus authentication not tested here: nats-server or redis-server missing')

/** What `opening` fails with, and how long it took. */
async function failure(opening: Promise<Bus>) {
  const started = Date.now()
  const error = await opening.then(
    async (bus) => {
      await bus.close()
      return new Error('opened')
    },
    (caught: unknown) => caught as Error,
  )
  return { message: error.message, ms: Date.now() - started }
}

/** A bus that delivers: a frame published is received back. */
async function delivers(bus: Bus, key: string) {
  const frame = `MSG\t${key}\t{"t":"1"}`
  const got = new Promise<string>((resolve) => bus.onMessage((k, f) => k === key && resolve(f)))
  // Its own id: the stream stores a frame sent twice with one id only once.
  await bus.publish(key, frame, crypto.randomUUID())
  return (await got) === frame
}

const dropped = async (stage: string, reason: string) =>
  (await registry.getSingleMetric('push_bus_frames_dropped_total')?.get())?.values.find(
    (v) => v.labels.stage === stage && v.labels.reason === reason,
  )?.value ?? 0

describe.runIf(have)('the bus authenticates', () => {
  let nats: Started
  let numeric: string
  let tokenNats: Started
  let tlsNats: Started
  let redis: Started
  let cert: { cert: string; key: string }

  beforeAll(async () => {
    nats = await startNats({
      users: [
        { user: 'kirari', password: PASSWORD },
        { user: 'numeric', password: '4222' },
      ],
    })
    numeric = `nats://numeric:4222@127.0.0.1:${nats.port}`
    tokenNats = await startNats({ token: TOKEN })
    cert = selfSigned(tokenNats.dir)
    tlsNats = await startNats({ users: [{ user: 'kirari', password: PASSWORD }] }, cert)
    redis = await startRedis(PASSWORD)
  }, 30_000)
  afterAll(async () => {
    // Whatever beforeAll reached.
    const started: Array<Started | undefined> = [nats, tlsNats, redis, tokenNats]
    await Promise.allSettled(started.map((server) => server?.stop() ?? Promise.resolve()))
  })

  it('NATS: a user and password (escaped in the URL, or all digits) connect and deliver', async () => {
    for (const url of [`nats://kirari:${escaped}@127.0.0.1:${nats.port}`, numeric]) {
      const bus = await natsBus(url)
      expect(await delivers(bus, 'auth:nats'), url).toBe(true)
      await bus.close()
    }
  })

  it('NATS: a wrong password or none fails at once with the reason, never the password', async () => {
    for (const url of [
      `nats://kirari:wrong-${escaped}@127.0.0.1:${nats.port}`,
      `nats://127.0.0.1:${nats.port}`,
      `nats://wrong-token@127.0.0.1:${tokenNats.port}`,
    ]) {
      const { message, ms } = await failure(openBus(url))
      expect(message, url).toMatch(
        /the bus at nats:\/\/.*127\.0\.0\.1.*could not be opened: .*Authorization Violation/,
      )
      expect(message, url).not.toContain('wrong')
      expect(message, url).not.toContain(escaped)
      expect(ms, url).toBeLessThan(5000)
    }
  })

  it('NATS: a token connects and delivers', async () => {
    const bus = await openBus(`nats://${TOKEN}@127.0.0.1:${tokenNats.port}`)
    expect(await delivers(bus, 'auth:token')).toBe(true)
    await bus.close()
  })

  it('NATS over TLS: tls:// connects to a server whose authority the process trusts, and only then', async () => {
    const url = `tls://kirari:${escaped}@localhost:${tlsNats.port}`
    // NODE_EXTRA_CA_CERTS, as an operator with a private authority sets it, is read at start.
    const probe = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'bus-probe.ts')],
      { env: { ...process.env, BUS_URL: url, NODE_EXTRA_CA_CERTS: cert.cert }, timeout: 30_000 },
    )
    expect(probe.stdout.trim()).toBe('delivered')
    // Not trusted: refused, with the reason.
    const untrusted = await failure(openBus(url))
    expect(untrusted.message).toMatch(/could not be opened: .*(self-signed|certificate)/i)
    // A server without TLS is refused rather than spoken to in the clear.
    const plain = await failure(openBus(`tls://kirari:${escaped}@localhost:${nats.port}`))
    expect(plain.message).toMatch(/could not be opened: .*tls/i)
    expect(plain.ms).toBeLessThan(5000)
  }, 40_000)

  it('Redis: the password connects and delivers; a wrong one or none fails with the reason', async () => {
    const bus = await redisBus(`redis://:${escaped}@127.0.0.1:${redis.port}`)
    expect(await delivers(bus, 'auth:redis')).toBe(true)
    await bus.close()
    const named = await redisBus(`redis://default:${escaped}@127.0.0.1:${redis.port}/1`)
    expect(await delivers(named, 'auth:redis1')).toBe(true)
    await named.close()
    for (const [url, reason] of [
      [`redis://:wrong@127.0.0.1:${redis.port}`, /WRONGPASS/],
      [`redis://127.0.0.1:${redis.port}`, /NOAUTH/],
    ] as const) {
      const { message, ms } = await failure(openBus(url))
      expect(message, url).toMatch(/the bus at redis:\/\/.*could not be opened/)
      expect(message, url).toMatch(reason)
      expect(message, url).not.toContain('wrong')
      expect(ms, url).toBeLessThan(5000)
    }
    // rediss:// to a server without TLS: refused, not a hang.
    const plain = await failure(openBus(`rediss://:${escaped}@127.0.0.1:${redis.port}`))
    expect(plain.message).toMatch(/could not be opened/)
    expect(plain.ms).toBeLessThan(12_000)
  }, 20_000)

  /** A hub on `bus` with one socket following `key`; what the socket reads. */
  async function viewerOn(bus: Bus, key: string) {
    const hub = new PushHub(bus)
    const server = http.createServer()
    hub.attach(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    const read: string[] = []
    ws.on('message', (data: Buffer) => read.push(data.toString()))
    await new Promise((resolve) => ws.once('open', resolve))
    ws.send(`SUB\t${key}`)
    await expect.poll(() => hub.subscriberCount(key)).toBe(1)
    return {
      read,
      close: async () => {
        ws.close()
        await hub.close()
        await new Promise((resolve) => server.close(resolve))
      },
    }
  }

  /** What another writer to the bus sends: too large, a key that is not one, another key's frame. */
  const hostile = (key: string) => [
    `${key}\nMSG\t${key}\t{"t":"1","ac":"${'x'.repeat(MAX_BUS_FRAME_BYTES)}"}`,
    `bad key!\nMSG\tbad key!\t{"t":"1"}`,
    `${key}\nMSG\tsomeone:else\t{"t":"1"}`,
    `no newline at all`,
  ]
  const expectGuarded = async (read: string[], key: string, before: number[]) => {
    await expect.poll(() => read.length).toBe(1)
    expect(read).toEqual([`MSG\t${key}\t{"t":"1","ok":1}`])
    const after = await Promise.all(
      ['oversize', 'bad_key', 'malformed'].map((reason) => dropped('receive', reason)),
    )
    // The no-newline frame and another key's frame are both malformed.
    expect(after.map((n, i) => n - (before[i] ?? 0))).toEqual([1, 1, 2])
  }

  it('NATS: a frame too large, with a bad key or another key is dropped and counted, not delivered', async () => {
    const key = 'guard:nats'
    const viewer = await viewerOn(
      await natsBus(`nats://kirari:${escaped}@127.0.0.1:${nats.port}`),
      key,
    )
    const before = await Promise.all(
      ['oversize', 'bad_key', 'malformed'].map((r) => dropped('receive', r)),
    )
    const raw = await connect({ servers: `127.0.0.1:${nats.port}`, user: 'kirari', pass: PASSWORD })
    const js = raw.jetstream()
    const codec = StringCodec()
    for (const data of [...hostile(key), `${key}\nMSG\t${key}\t{"t":"1","ok":1}`]) {
      await js.publish(BUS_TOPIC, codec.encode(data))
    }
    await expectGuarded(viewer.read, key, before)
    await raw.close()
    await viewer.close()
  })

  it('Redis: a frame too large, with a bad key or another key is dropped and counted, not delivered', async () => {
    const key = 'guard:redis'
    const viewer = await viewerOn(
      await redisBus(`redis://:${escaped}@127.0.0.1:${redis.port}`),
      key,
    )
    const before = await Promise.all(
      ['oversize', 'bad_key', 'malformed'].map((r) => dropped('receive', r)),
    )
    const raw = new Redis({ host: '127.0.0.1', port: redis.port, password: PASSWORD })
    for (const data of [...hostile(key), `${key}\nMSG\t${key}\t{"t":"1","ok":1}`]) {
      await raw.publish(BUS_TOPIC, data)
    }
    await expectGuarded(viewer.read, key, before)
    raw.disconnect()
    await viewer.close()
  })

  it('a frame too large for the bus is not sent (it would be resent for ever), and is counted', async () => {
    const bus = await natsBus(`nats://kirari:${escaped}@127.0.0.1:${nats.port}`)
    const hub = new PushHub(bus)
    const before = await dropped('publish', 'oversize')
    hub.publish('guard:big', { t: '1', ac: 'x'.repeat(MAX_BUS_FRAME_BYTES) })
    expect(await dropped('publish', 'oversize')).toBe(before + 1)
    expect(hub.stats().busBacklog).toBe(0)
    await hub.close()
  })
})
