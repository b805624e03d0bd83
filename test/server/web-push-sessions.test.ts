import crypto from 'node:crypto'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebPushDevicesAnswer } from '../../src/contract/web-push.ts'
import { TestClient } from './client.ts'
import { DEMO_PASSWORD } from '../../server/db/seed.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

// A Web Push device goes with the login it was subscribed in (issue #50), also when that login's
// session is replaced without a logout: logging in again on the same browser, as the same user
// or as another.

const vapid = webpush.generateVAPIDKeys()

describe.each(await testEngines())('Web Push devices across a session rotation on %s', (engine) => {
  let server: TestServer
  let endpoints = 0

  beforeAll(async () => {
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      // Nothing is sent here: the endpoints only have to pass the subscription's check.
      WEB_PUSH_ALLOW_LOOPBACK: '1',
    })
  })
  afterAll(async () => {
    await server.close()
  })

  const subscribe = async (client: TestClient) => {
    const ecdh = crypto.createECDH('prime256v1')
    ecdh.generateKeys()
    const saved = await client.postForm('/api/web_push/devices', {
      endpoint: `https://127.0.0.1:9/push/${engine}-${(endpoints += 1)}`,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: Buffer.alloc(16, endpoints).toString('base64url'),
    })
    expect(saved.status).toBe(200)
    return (saved.body as unknown as { device: { id: number } }).device.id
  }
  const devicesOf = async (client: TestClient) =>
    (
      (await client.json('/api/web_push/devices')).body as unknown as WebPushDevicesAnswer
    ).devices.map((d) => d.id)
  /** demo_viewer logged in on a phone and on a shared computer, with a device subscribed on each. */
  const phoneAndShared = async () => {
    const phone = await logInDemo(server, 'demo_viewer')
    const shared = await logInDemo(server, 'demo_viewer')
    const onPhone = await subscribe(phone.client)
    const onShared = await subscribe(shared.client)
    return { phone, shared, onPhone, onShared }
  }

  it('logging in again as the same user keeps the device, and the logout after it removes it', async () => {
    const { phone, shared, onPhone, onShared } = await phoneAndShared()

    // A second login on the shared computer, without logging out first: a new session.
    expect((await shared.client.login('demo_viewer', DEMO_PASSWORD)).status).toBe(200)
    expect(await devicesOf(shared.client)).toContain(onShared)

    expect((await shared.client.postJson('/user/logout_api', {})).status).toBe(200)
    const left = await devicesOf(phone.client)
    expect(left).toContain(onPhone)
    expect(left).not.toContain(onShared)
  })

  it('logging in as another user on the same browser removes the first user’s device', async () => {
    const { phone, shared, onPhone, onShared } = await phoneAndShared()

    expect((await shared.client.login('demo_liver', DEMO_PASSWORD)).status).toBe(200)
    const left = await devicesOf(phone.client)
    expect(left).toContain(onPhone)
    expect(left).not.toContain(onShared)
    expect(await devicesOf(shared.client)).toEqual([])
  })

  // Last: it changes demo_liver's password.
  it('a password reset by SMS, which ends every session of the account, removes their devices', async () => {
    const shared = await logInDemo(server, 'demo_liver')
    await subscribe(shared.client)
    const liver = await server.database.db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', 'demo_liver')
      .executeTakeFirstOrThrow()
    const devices = () =>
      server.database.db
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', liver.id)
        .execute()
    expect(await devices()).toHaveLength(1)

    const reset = new TestClient(server.url)
    await reset.postForm('/api/reset_password/send_sms', { account_id: 'demo_liver' })
    const sms = await server.database.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', '09000000002')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const done = await reset.postForm('/api/reset_password/auth_sms', {
      account_id: 'demo_liver',
      code: /(\d{6})/.exec(sms.body)?.[1] ?? '',
      password: 'brand-new-pass',
      password_confirm: 'brand-new-pass',
    })
    expect(done.body).toEqual({ ok: 1 })
    expect(await devices()).toEqual([])
  })
})
