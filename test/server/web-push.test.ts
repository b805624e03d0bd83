import { sql } from 'kysely'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebPushDevicesAnswer } from '../../src/contract/web-push.ts'
import { startLive } from '../../server/services/lives.ts'
import { runNoticeFanouts } from '../../server/services/notices/fanout.ts'
import { publishNews } from '../../server/services/notices/news.ts'
import { setFollow } from '../../server/services/room-social.ts'
import { sendDuePushes, type PushPayload } from '../../server/services/web-push/sender.ts'
import { webPushTransport } from '../../server/services/web-push/transport.ts'
import { startLocalPushService, type LocalPushService } from '../push-service.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

const vapid = webpush.generateVAPIDKeys()
const SUBJECT = 'mailto:ops@kirari.example'

describe.each(await testEngines())('Web Push on %s', (engine) => {
  let server: TestServer
  let push: LocalPushService
  const db = () => server.database.db
  // The local push service is on loopback: this site is told to allow it (production never is).
  const transport = webPushTransport(
    { ...vapid, subject: SUBJECT },
    { policy: { allowLoopback: true, ports: null, hostSuffixes: null } },
  )
  const send = () =>
    sendDuePushes(db(), transport, { origin: server.url, concurrency: 8, ttlSeconds: 60 })
  /** Everything due, as the server's job does: batch after batch until none is left. */
  const sendAll = async () => {
    while ((await send()) > 0) {
      // next batch
    }
  }
  const roomOf = async (key: string) =>
    await db()
      .selectFrom('rooms')
      .select(['id', 'room_name'])
      .where('room_url_key', '=', key)
      .executeTakeFirstOrThrow()

  beforeAll(async () => {
    push = await startLocalPushService()
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: SUBJECT,
      WEB_PUSH_ALLOW_LOOPBACK: '1',
    })
    // The demo's news reaches everyone now: what follows counts only the tests' own.
    await runNoticeFanouts(db())
  })
  afterAll(async () => {
    transport.close()
    await server.close()
    await push.close()
  })

  it('sends one notification per live per device, signed and encrypted as push services require', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const config = await server.get('/api/web_push/config')
    expect(await config.json()).toEqual({ public_key: vapid.publicKey })

    // Two devices of the viewer's; a third browser that subscribed and then went away.
    const phone = push.subscribe(vapid.publicKey)
    const laptop = push.subscribe(vapid.publicKey)
    const stale = push.subscribe(vapid.publicKey)
    for (const s of [phone, laptop, stale]) {
      const saved = await viewer.client.postForm('/api/web_push/devices', {
        endpoint: s.endpoint,
        ...s.keys,
      })
      expect(saved.status).toBe(200)
    }
    push.expire(stale.endpoint)
    const room = await roomOf('sports_ken')
    await setFollow(db(), viewer.userId, room.id, true)

    const live = await startLive(
      db(),
      { id: room.id },
      { restart: false, abroad: false, nowMs: Date.now() },
    )
    // Several fan-outs and senders at once, as on several processes.
    await Promise.all([runNoticeFanouts(db()), runNoticeFanouts(db())])
    await Promise.all([sendAll(), sendAll()])
    await runNoticeFanouts(db())
    await sendAll()

    const mine = push.received.filter((m) =>
      [phone, laptop].some((s) => s.endpoint.endsWith(`/${m.id}`)),
    )
    expect(mine).toHaveLength(2)
    for (const message of mine) {
      const payload = JSON.parse(message.text) as PushPayload
      expect(payload).toEqual({
        title: room.room_name,
        body: expect.stringContaining('配信開始') as unknown,
        icon: `${server.url}/img/room/${room.id}.svg`,
        url: `${server.url}/r/sports_ken`,
        tag: `live-${live.live_id}`,
      })
      expect(message).toMatchObject({ topic: `live-${live.live_id}`, urgency: 'high', ttl: 60 })
      expect(message.subject).toBe(SUBJECT)
    }
    // The push service said the stale one is gone: it is no longer the viewer's device.
    expect(push.refused).toContainEqual({ status: 410, reason: 'subscription expired' })
    const devices = (await viewer.client.json('/api/web_push/devices'))
      .body as unknown as WebPushDevicesAnswer
    expect(devices.devices.map((d) => d.service)).toEqual([
      new URL(push.origin).host,
      new URL(push.origin).host,
    ])
    expect(devices.devices.every((d) => d.last_sent_at !== null)).toBe(true)
    const left = await db().selectFrom('push_outbox').select('id').execute()
    expect(left).toEqual([])
  })

  it('tries again while the push service is busy, and sends site news only where allowed', async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const device = push.subscribe(vapid.publicKey)
    const saved = await liver.client.postForm('/api/web_push/devices', {
      endpoint: device.endpoint,
      ...device.keys,
    })
    const { device: row } = saved.body as unknown as { device: { id: number; send_news: boolean } }
    expect(row.send_news).toBe(false)

    await publishNews(db(), { title: 'メンテナンスのお知らせ', url: '/news' })
    await runNoticeFanouts(db())
    await sendAll()
    const newsFor = () =>
      push.received.filter(
        (m) => device.endpoint.endsWith(`/${m.id}`) && m.text.includes('メンテナンス'),
      )
    expect(newsFor()).toEqual([])

    // Allowed now: the next news comes, through a push service that first answers 503.
    const changed = await liver.client.postForm(`/api/web_push/devices/${row.id}`, {
      send_schedule: '1',
      send_news: '1',
    })
    expect(changed.status).toBe(200)
    await publishNews(db(), { title: 'メンテナンス終了のお知らせ', url: '/news' })
    await runNoticeFanouts(db())
    push.failNext(1, 503)
    await send()
    expect(newsFor()).toEqual([])
    // Due again after its wait: sent once.
    await sql`update push_outbox set next_at = now()`.execute(db())
    await sendAll()
    await sendAll()
    expect(newsFor()).toHaveLength(1)
    expect(JSON.parse(newsFor()[0]?.text ?? '{}')).toMatchObject({
      title: 'メンテナンス終了のお知らせ',
      url: `${server.url}/news`,
    })
  })

  it('lists, changes and removes only the user’s own devices; refuses a subscription that is not a push endpoint', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const liver = await logInDemo(server, 'demo_liver')
    const s = push.subscribe(vapid.publicKey)
    const saved = await viewer.client.postForm('/api/web_push/devices', {
      endpoint: s.endpoint,
      ...s.keys,
    })
    const { device } = saved.body as unknown as { device: { id: number } }
    // Subscribing again from the same browser keeps one device.
    const again = await viewer.client.postForm('/api/web_push/devices', {
      endpoint: s.endpoint,
      ...s.keys,
    })
    expect((again.body as unknown as { device: { id: number } }).device.id).toBe(device.id)

    expect(
      (
        await liver.client.request(`/api/web_push/devices/${device.id}`, {
          method: 'DELETE',
          headers: { 'x-csrf-token': await liver.client.csrf() },
        })
      ).status,
    ).toBe(404)
    const removed = await viewer.client.request(`/api/web_push/devices/${device.id}`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': await viewer.client.csrf() },
    })
    expect(removed.status).toBe(200)
    const list = (await viewer.client.json('/api/web_push/devices'))
      .body as unknown as WebPushDevicesAnswer
    expect(list.devices.map((d) => d.id)).not.toContain(device.id)

    for (const bad of [
      { endpoint: 'http://10.0.0.1/push/x', ...s.keys },
      { endpoint: 'not a url', ...s.keys },
      { endpoint: s.endpoint, p256dh: 'short', auth: s.keys.auth },
      { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: 'a\u0000b' },
    ]) {
      const answer = await viewer.client.postForm('/api/web_push/devices', bad)
      expect(answer.status).toBe(400)
    }
    expect((await server.get('/api/web_push/devices')).status).toBe(401)
  })

  it('logging out removes the devices subscribed in that login, and only those', async () => {
    // The same account on the user's phone and on a shared computer.
    const phone = await logInDemo(server, 'demo_viewer')
    const shared = await logInDemo(server, 'demo_viewer')
    const liver = await logInDemo(server, 'demo_liver')
    const subscribe = async (client: typeof phone.client) => {
      const s = push.subscribe(vapid.publicKey)
      const saved = await client.postForm('/api/web_push/devices', {
        endpoint: s.endpoint,
        ...s.keys,
      })
      expect(saved.status).toBe(200)
      return (saved.body as unknown as { device: { id: number } }).device.id
    }
    const onPhone = await subscribe(phone.client)
    const onShared = await subscribe(shared.client)
    const liverDevice = await subscribe(liver.client)

    const out = await shared.client.postJson('/user/logout_api', {})
    expect(out.status).toBe(200)
    const ids = async (client: typeof phone.client) =>
      (
        (await client.json('/api/web_push/devices')).body as unknown as WebPushDevicesAnswer
      ).devices.map((d) => d.id)
    const left = await ids(phone.client)
    expect(left).toContain(onPhone)
    expect(left).not.toContain(onShared)
    expect(await ids(liver.client)).toContain(liverDevice)
  })
})

describe('Web Push without VAPID keys', () => {
  it('offers nothing: no key, and no device is taken', async () => {
    const server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
    try {
      expect(await (await server.get('/api/web_push/config')).json()).toEqual({ public_key: null })
      const viewer = await logInDemo(server, 'demo_viewer')
      const answer = await viewer.client.postForm('/api/web_push/devices', {
        endpoint: 'https://push.example/x',
        p256dh: webpush.generateVAPIDKeys().publicKey,
        auth: Buffer.alloc(16, 1).toString('base64url'),
      })
      expect(answer.status).toBe(404)
    } finally {
      await server.close()
    }
  })
})
