import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'kysely'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Resolve } from '../../server/outbound/client.ts'
import {
  purgeStalePushes,
  sendDuePushes,
  startPushSender,
} from '../../server/services/web-push/sender.ts'
import { RETRY_AFTER_MAX_MS, webPushTransport } from '../../server/services/web-push/transport.ts'
import { startLocalPushService, type LocalPushService } from '../push-service.ts'
import { makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

// The push sender against endpoints that misbehave (issue #50): a tarpit, a key that is not a
// P-256 point, a huge Retry-After, a name that resolves to a private address by the time of the
// send, and a shutdown with a send on its way. The server runs without VAPID keys, so its own
// sender stays off and every send here is the test's.

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@kirari.example' }
const loopback = { allowLoopback: true, ports: null, hostSuffixes: null }
const silent = { info: () => {}, error: () => {} }

describe.each(await testEngines())('the push sender on %s', (engine) => {
  let server: TestServer
  let push: LocalPushService
  let tarpit: http.Server
  let tarpitOrigin = ''
  let tarpitHits = 0
  const db = () => server.database.db
  let fans = 0

  /** A user with one device at `endpoint` that is owed one notification; their ids. */
  const owe = async (endpoint: string, keys: { p256dh: string; auth: string }) => {
    const [userId] = await makeFans(db(), `wp_sender_${engine}_${fans++}`, 1)
    const subscription = await sql<{ id: string }>`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth)
      values (${userId}, ${endpoint}, ${keys.p256dh}, ${keys.auth}) returning id`.execute(db())
    const notice = await sql<{ id: string }>`
      insert into user_notices (user_id, kind, title) values (${userId}, 'news', 'お知らせ')
      returning id`.execute(db())
    const outbox = await sql<{ id: string }>`
      insert into push_outbox (subscription_id, notice_id)
      values (${subscription.rows[0]?.id}::bigint, ${notice.rows[0]?.id}::bigint)
      returning id`.execute(db())
    return { subscriptionId: subscription.rows[0]?.id ?? '', outboxId: outbox.rows[0]?.id ?? '' }
  }
  const outboxRow = async (id: string) =>
    (
      await sql<{ attempts: number; claimed: boolean; wait_s: number }>`
        select attempts, claimed_at is not null as claimed,
          extract(epoch from next_at - now())::float8 as wait_s
        from push_outbox where id = ${id}::bigint`.execute(db())
    ).rows[0]
  const deviceExists = async (id: string) =>
    (await sql`select 1 from push_subscriptions where id = ${id}::bigint`.execute(db())).rows
      .length > 0
  const deliveredTo = (endpoint: string) =>
    push.received.filter((m) => endpoint.endsWith(`/${m.id}`)).length
  /** Nothing of an earlier test is due any more: each test sends only its own. */
  const settleEarlier = () => sql`delete from push_outbox`.execute(db())

  beforeAll(async () => {
    push = await startLocalPushService()
    // Answers 201 at once, then trickles a byte every 9 s and never ends.
    tarpit = http.createServer((request, response) => {
      tarpitHits++
      request.resume()
      response.writeHead(201, { 'Content-Length': '1000' })
      const drip = setInterval(() => response.write('x'), 9_000)
      response.once('close', () => clearInterval(drip))
    })
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve))
    tarpitOrigin = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}`
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(async () => {
    await server.close()
    await push.close()
    tarpit.closeAllConnections()
    await new Promise((resolve) => tarpit.close(resolve))
  })

  it('a tarpit holds neither the batch nor the others: its send settles by the deadline', async () => {
    await settleEarlier()
    const transport = webPushTransport(vapid, { policy: loopback, deadlineMs: 500 })
    try {
      const good = push.subscribe(vapid.publicKey)
      const slow = await owe(`${tarpitOrigin}/push/slow`, push.subscribe(vapid.publicKey).keys)
      await owe(good.endpoint, good.keys)
      const started = Date.now()
      expect(
        await sendDuePushes(db(), transport, {
          origin: server.url,
          concurrency: 1,
          ttlSeconds: 60,
        }),
      ).toBe(2)
      expect(Date.now() - started).toBeLessThan(3_000)
      expect(deliveredTo(good.endpoint)).toBe(1)
      // No whole answer is a lost answer: tried again later, its claim released.
      expect(await outboxRow(slow.outboxId)).toMatchObject({ attempts: 1, claimed: false })
      expect((await outboxRow(slow.outboxId))?.wait_s).toBeGreaterThan(0)
    } finally {
      transport.close()
    }
  })

  it('stopping the sender aborts a send on its way and gives its claim back untried', async () => {
    await settleEarlier()
    const slow = await owe(`${tarpitOrigin}/push/stuck`, push.subscribe(vapid.publicKey).keys)
    const hits = tarpitHits
    const sender = startPushSender({
      db: db(),
      logger: silent,
      transport: webPushTransport(vapid, { policy: loopback, deadlineMs: 60_000 }),
      origin: server.url,
      concurrency: 4,
      ttlSeconds: 60,
    })
    const until = Date.now() + 10_000
    while (tarpitHits === hits && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
    expect(tarpitHits).toBe(hits + 1)
    const started = Date.now()
    await sender.stop()
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(await outboxRow(slow.outboxId)).toMatchObject({ attempts: 0, claimed: false })
  })

  it('a key that is not a P-256 point drops that one notification only', async () => {
    await settleEarlier()
    const transport = webPushTransport(vapid, { policy: loopback })
    try {
      const good = push.subscribe(vapid.publicKey)
      const notAPoint = Buffer.alloc(65, 7)
      notAPoint[0] = 4
      const bad = await owe(push.subscribe(vapid.publicKey).endpoint, {
        p256dh: notAPoint.toString('base64url'),
        auth: good.keys.auth,
      })
      const fine = await owe(good.endpoint, good.keys)
      await sendDuePushes(db(), transport, { origin: server.url, concurrency: 8, ttlSeconds: 60 })
      expect(deliveredTo(good.endpoint)).toBe(1)
      expect(await outboxRow(bad.outboxId)).toBeUndefined()
      expect(await outboxRow(fine.outboxId)).toBeUndefined()
    } finally {
      transport.close()
    }
  })

  it('clamps a huge Retry-After to a day', async () => {
    await settleEarlier()
    const transport = webPushTransport(vapid, { policy: loopback })
    try {
      const device = push.subscribe(vapid.publicKey)
      const owed = await owe(device.endpoint, device.keys)
      push.failNext(1, 429, { 'Retry-After': '2147484' })
      await sendDuePushes(db(), transport, { origin: server.url, concurrency: 8, ttlSeconds: 60 })
      const row = await outboxRow(owed.outboxId)
      expect(row).toMatchObject({ attempts: 1, claimed: false })
      expect(row?.wait_s).toBeGreaterThan(RETRY_AFTER_MAX_MS / 1000 - 60)
      expect(row?.wait_s).toBeLessThanOrEqual(RETRY_AFTER_MAX_MS / 1000)
    } finally {
      transport.close()
    }
  })

  it('refuses at send time a name that now resolves to a private address, and drops the device', async () => {
    await settleEarlier()
    const rebound: Resolve = () => Promise.resolve([{ address: '10.0.0.1', family: 4 }])
    const transport = webPushTransport(vapid, {
      policy: { allowLoopback: false, ports: null, hostSuffixes: null },
      resolve: rebound,
    })
    try {
      const owed = await owe(
        'https://push.rebind.example/push/x',
        push.subscribe(vapid.publicKey).keys,
      )
      await sendDuePushes(db(), transport, { origin: server.url, concurrency: 8, ttlSeconds: 60 })
      expect(await deviceExists(owed.subscriptionId)).toBe(false)
      expect(await outboxRow(owed.outboxId)).toBeUndefined()
    } finally {
      transport.close()
    }
  })

  it('purges notifications past their time-to-live that nobody has claimed', async () => {
    await settleEarlier()
    const stale = await owe(`${tarpitOrigin}/push/old`, push.subscribe(vapid.publicKey).keys)
    const fresh = await owe(`${tarpitOrigin}/push/new`, push.subscribe(vapid.publicKey).keys)
    const claimed = await owe(`${tarpitOrigin}/push/claimed`, push.subscribe(vapid.publicKey).keys)
    await sql`
      update push_outbox set created_at = now() - interval '2 hours'
      where id in (${stale.outboxId}::bigint, ${claimed.outboxId}::bigint)`.execute(db())
    await sql`update push_outbox set claimed_at = now() where id = ${claimed.outboxId}::bigint`.execute(
      db(),
    )
    expect(await purgeStalePushes(db(), 3_600)).toBe(1)
    expect(await outboxRow(stale.outboxId)).toBeUndefined()
    expect(await outboxRow(fresh.outboxId)).toBeDefined()
    // A claim is the claimer's to settle (or the purge's after a day).
    expect(await outboxRow(claimed.outboxId)).toBeDefined()
  })
})
