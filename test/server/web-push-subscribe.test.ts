import crypto from 'node:crypto'
import webpush from 'web-push'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebPushDevicesAnswer } from '../../src/contract/web-push.ts'
import { webPushRoutes } from '../../server/api/web-push.ts'
import { ConfigError } from '../../server/config-values.ts'
import { loadWebPushConfig, PUSH_SERVICE_HOSTS } from '../../server/config-web-push.ts'
import { vapidSigner } from '../../server/services/web-push/vapid.ts'
import { logInDemo, startTestServer, type TestServer } from './harness.ts'

// A subscription's endpoint is where the server will send requests (issue #50): only a push
// service's. This site runs as the demo does, without the tests' loopback allowance.

const vapid = webpush.generateVAPIDKeys()
const messageOf = (body: unknown) =>
  (body as { errors?: Array<{ error_user_msg?: string }> }).errors?.[0]?.error_user_msg ?? ''
const keys = () => {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
  }
}

describe('subscribing a device', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      CAPTCHA_FIXED_WORD: 'kirari',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    })
  })
  afterAll(async () => {
    await server.close()
  })

  it('refuses endpoints on loopback, private, link-local, CGNAT, multicast and unspecified addresses', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    for (const endpoint of [
      'https://127.0.0.1:5432/x',
      'https://10.0.0.1/push/x',
      'https://172.16.0.1/push/x',
      'https://192.168.0.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:a00:1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://224.0.0.1/x',
      'https://255.255.255.255/x',
      // A name that resolves to loopback, and plain http.
      'https://localhost/x',
      'http://127.0.0.1:9/x',
    ]) {
      const answer = await viewer.client.postForm('/api/web_push/devices', { endpoint, ...keys() })
      expect([endpoint, answer.status]).toEqual([endpoint, 400])
      expect(messageOf(answer.body)).toMatch(/プッシュサービス/)
    }
    const list = (await viewer.client.json('/api/web_push/devices'))
      .body as unknown as WebPushDevicesAnswer
    expect(list.devices).toEqual([])
  })

  it('refuses a p256dh of the right length that is not a P-256 point', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const notAPoint = Buffer.alloc(65, 7)
    notAPoint[0] = 4
    const compressed = Buffer.from(keys().p256dh, 'base64url')
    compressed[0] = 2
    for (const p256dh of [notAPoint, compressed, Buffer.alloc(65)]) {
      const answer = await viewer.client.postForm('/api/web_push/devices', {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        p256dh: p256dh.toString('base64url'),
        auth: keys().auth,
      })
      expect(answer.status).toBe(400)
      expect(messageOf(answer.body)).toMatch(/P-256/)
    }
  })
})

describe('a subscription whose endpoint’s DNS does not answer', () => {
  let server: TestServer
  const asked: string[] = []
  beforeAll(async () => {
    server = await startTestServer(
      'pglite',
      {
        CAPTCHA_FIXED_WORD: 'kirari',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      // The site's own route, with a resolver that never answers in its place.
      (app) => {
        app.route(
          '/api/test',
          webPushRoutes({
            resolve: (host) => {
              asked.push(host)
              return new Promise(() => {})
            },
            resolveDeadlineMs: 300,
          }),
        )
      },
    )
  })
  afterAll(async () => {
    await server.close()
  })

  it('is refused with 400 by the deadline, and nothing is stored', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const started = Date.now()
    const answer = await viewer.client.postForm('/api/test/web_push/devices', {
      endpoint: 'https://push.tarpit.example/x',
      ...keys(),
    })
    expect(answer.status).toBe(400)
    expect(messageOf(answer.body)).toMatch(/プッシュサービス/)
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(asked).toEqual(['push.tarpit.example'])
    const list = (await viewer.client.json('/api/web_push/devices'))
      .body as unknown as WebPushDevicesAnswer
    expect(list.devices).toEqual([])
  })
})

describe('where Web Push may send, by configuration', () => {
  const load = (env: NodeJS.ProcessEnv, production: boolean) =>
    loadWebPushConfig(env, 'support@kirari.example', production).policy

  it('in production: port 443 and the push services’ hosts, never loopback', () => {
    expect(load({}, true)).toEqual({
      allowLoopback: false,
      ports: [443],
      hostSuffixes: [...PUSH_SERVICE_HOSTS],
    })
    expect(
      load({ WEB_PUSH_HOSTS: 'push.example.net, fcm.googleapis.com' }, true).hostSuffixes,
    ).toEqual(['push.example.net', 'fcm.googleapis.com'])
    expect(load({ WEB_PUSH_HOSTS: '*' }, true).hostSuffixes).toBeNull()
    expect(() => load({ WEB_PUSH_ALLOW_LOOPBACK: '1' }, true)).toThrow(ConfigError)
    expect(() => load({ WEB_PUSH_HOSTS: 'https://push.example/' }, true)).toThrow(ConfigError)
  })

  it('in the demo: any public host and port; loopback only when a test asks', () => {
    expect(load({}, false)).toEqual({ allowLoopback: false, ports: null, hostSuffixes: null })
    expect(load({ WEB_PUSH_ALLOW_LOOPBACK: '1' }, false).allowLoopback).toBe(true)
  })
})

describe('the VAPID signatures kept', () => {
  it('are at most the cache’s size, the least recently used going first', () => {
    const signer = vapidSigner({ ...vapid, subject: 'mailto:ops@kirari.example' }, 4)
    const first = signer.authorization('https://push-0.example')
    for (let i = 1; i < 10; i++) signer.authorization(`https://push-${i}.example`)
    expect(signer.size).toBe(4)
    const recent = signer.authorization('https://push-9.example')
    expect(signer.authorization('https://push-9.example')).toBe(recent)
    // Gone from the cache: signed anew (ECDSA signatures differ every time).
    expect(signer.authorization('https://push-0.example')).not.toBe(first)
    expect(signer.size).toBe(4)
  })
})
