import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http, { type IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { addressKey, clientAddressOf } from '../../server/client-address.ts'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { localOutbox } from '../../server/services/outbox.ts'
import { spawnServer } from '../spawn-server.ts'
import { startTestServer } from './harness.ts'

const ORIGIN = 'https://live.example.jp'
const production = { PUBLIC_ORIGIN: ORIGIN }

/** Runs `npm run serve`'s command with `env` and answers its exit code and output. */
function serve(env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: `${import.meta.dirname}/../..`,
      // No KIRARI_DEMO, no NODE_ENV: as docs/running-a-site.md's "Scaling out" starts it.
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATA_DIR: 'memory://', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d: Buffer) => (out += d.toString()))
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

describe('production is the default', () => {
  it('turns the demo-only settings off without KIRARI_DEMO, and refuses them when named', () => {
    const config = loadConfig(production)
    expect(config).toMatchObject({
      production: true,
      devPages: false,
      seedDemo: false,
      paymentProvider: 'none',
      captchaFixedWord: undefined,
      publicOrigin: ORIGIN,
    })
    for (const [name, value] of [
      ['CAPTCHA_FIXED_WORD', 'kirari'],
      ['SEED_DEMO', '1'],
      ['KIRARI_DEV_PAGES', '1'],
      ['PAYMENT_PROVIDER', 'sandbox'],
      ['DEMO_BOTS_PER_MINUTE', '6'],
    ] as const) {
      expect(() => loadConfig({ ...production, [name]: value }), name).toThrow(
        /refused in production/,
      )
    }
    expect(() => loadConfig({})).toThrow(/PUBLIC_ORIGIN is required in production/)
    expect(() => loadConfig({ KIRARI_DEMO: '1', NODE_ENV: 'production' })).toThrow(ConfigError)
    // The demo has them all.
    expect(loadConfig({ KIRARI_DEMO: '1', CAPTCHA_FIXED_WORD: 'kirari' })).toMatchObject({
      devPages: true,
      seedDemo: true,
      paymentProvider: 'sandbox',
      captchaFixedWord: 'kirari',
    })
  })

  it('reads trusted proxies as a list, and refuses the old believe-everyone switch', () => {
    expect(
      loadConfig({ ...production, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustedProxies,
    ).toEqual(['loopback', '10.0.0.0/8'])
    expect(() => loadConfig({ ...production, TRUST_PROXY: '1' })).toThrow(/lists the proxies/)
    expect(() => loadConfig({ ...production, TRUST_PROXY: 'not-an-address' })).toThrow(
      /TRUST_PROXY/,
    )
  })

  it('`serve` stops at start with a clear error when given the sandbox or the dev pages', async () => {
    const [sandbox, devPages, noOrigin] = await Promise.all([
      serve({ ...production, PAYMENT_PROVIDER: 'sandbox' }),
      serve({ ...production, KIRARI_DEV_PAGES: '1' }),
      serve({}),
    ])
    expect(sandbox.code).toBe(1)
    expect(sandbox.out).toMatch(
      /configuration error: refused in production: PAYMENT_PROVIDER=sandbox/,
    )
    expect(devPages.code).toBe(1)
    expect(devPages.out).toMatch(/refused in production: KIRARI_DEV_PAGES=1/)
    expect(noOrigin.code).toBe(1)
    expect(noOrigin.out).toMatch(/PUBLIC_ORIGIN is required/)
  }, 60_000)

  it('`serve` in production seeds no demo accounts and has no outbox or sandbox pages', async () => {
    const site = await spawnServer({ KIRARI_DEMO: '0', ...production })
    try {
      for (const path of ['/dev/api/outbox', '/payment/sandbox/s_anything']) {
        expect((await fetch(site.url + path)).status, path).toBe(404)
      }
      const room = await fetch(`${site.url}/api/room/status?room_url_key=demo_liver_room`)
      expect(room.status).toBe(404)
    } finally {
      await site.stop()
    }
  }, 60_000)

  it('does not start on a database the demo was seeded into (its passwords are public)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-demo-db-'))
    try {
      const demo = await spawnServer({ DATA_DIR: dataDir })
      await demo.stop()
      const refused = await serve({ ...production, DATA_DIR: dataDir })
      expect(refused.code).toBe(1)
      expect(refused.out).toMatch(/refused in production: the database holds the demo accounts/)
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)

  it('never writes an SMS code to the log', async () => {
    const lines: Array<Record<string, unknown>> = []
    const logger = {
      info: (_m: string, f?: Record<string, unknown>) => void lines.push(f ?? {}),
      error: () => {},
    }
    const inserted: unknown[] = []
    const db = {
      insertInto: () => ({ values: (v: unknown) => ({ execute: () => void inserted.push(v) }) }),
    } as unknown as Parameters<typeof localOutbox>[0]
    await localOutbox(db, logger).send({
      channel: 'sms',
      recipient: '09012345678',
      body: '【Kirari】認証コード: 482913（10分間有効）',
    })
    expect(inserted).toHaveLength(1)
    expect(JSON.stringify(lines)).not.toContain('482913')
    expect(JSON.stringify(lines)).not.toContain('09012345678')
  })
})

describe('client address behind proxies', () => {
  const request = (peer: string, forwarded?: string) =>
    ({
      socket: { remoteAddress: peer },
      connection: { remoteAddress: peer },
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    }) as unknown as IncomingMessage

  it('takes the rightmost hop that is not a trusted proxy; what the client wrote is never believed', () => {
    const hops = '6.6.6.6, 203.0.113.9'
    expect(clientAddressOf(request('127.0.0.1', hops), { trustedProxies: [] })).toBe('127.0.0.1')
    expect(clientAddressOf(request('127.0.0.1', hops), { trustedProxies: ['loopback'] })).toBe(
      '203.0.113.9',
    )
    expect(
      clientAddressOf(request('127.0.0.1', hops), {
        trustedProxies: ['loopback', '203.0.113.0/24'],
      }),
    ).toBe('6.6.6.6')
    // A peer that is not our proxy: its header is the client's own words.
    expect(clientAddressOf(request('198.51.100.4', hops), { trustedProxies: ['loopback'] })).toBe(
      '198.51.100.4',
    )
  })
})

describe('per-address keys', () => {
  it('count an IPv6 caller by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe(addressKey('2001:db8:1:2:ffff::1'))
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'))
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9')
  })
})

describe('edge of the server', () => {
  it('refuses a body over the limit with 413 before reading it, with or without a length', async () => {
    const server = await startTestServer('pglite')
    try {
      const big = JSON.stringify({ comment: 'x'.repeat(70 * 1024) })
      const declared = await server.get('/api/live/post_live_comment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: big,
      })
      expect(declared.status).toBe(413)
      expect(await declared.json()).toMatchObject({ errors: [{ error_type: 'BODY_TOO_LARGE' }] })
      const chunks = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(4096).fill(0x20))
          controller.close()
        },
      })
      const streamed = await server.get('/api/live/post_live_comment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunks,
        duplex: 'half',
      } as RequestInit)
      expect(streamed.status).toBe(413)
      // Under the limit it goes on to the CSRF check as before.
      const small = await server.get('/api/live/post_live_comment', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ comment: 'hi' }),
      })
      expect(small.status).toBe(403)
    } finally {
      await server.close()
    }
  })

  it('writes every absolute URL with PUBLIC_ORIGIN, whatever Host the caller sends', async () => {
    const server = await startTestServer('pglite', { PUBLIC_ORIGIN: ORIGIN })
    try {
      const { port } = new URL(server.url)
      const body = await new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port,
              path: '/api/room/status?room_url_key=demo_liver_room',
              headers: { host: 'evil.example' },
            },
            (res) => {
              let text = ''
              res.on('data', (d: Buffer) => (text += d.toString()))
              res.on('end', () => resolve(text))
            },
          )
          .on('error', reject)
      })
      expect(body).toContain(`${ORIGIN}/r/demo_liver_room`)
      expect(body).not.toContain('evil.example')
    } finally {
      await server.close()
    }
  })

  it('believes a country only from COUNTRY_HEADER sent by a trusted proxy', async () => {
    const regulation = async (env: Record<string, string>, headers: Record<string, string>) => {
      const server = await startTestServer('pglite', env)
      try {
        const room = await server.database.db
          .selectFrom('rooms')
          .select('id')
          .where('room_url_key', '=', 'minor_hina')
          .executeTakeFirstOrThrow()
        const answer = await server.get(`/api/room/check_room_regulation?room_id=${room.id}`, {
          headers,
        })
        return ((await answer.json()) as { under_18_room_regulation_status: number })
          .under_18_room_regulation_status
      } finally {
        await server.close()
      }
    }
    // A client saying it is abroad lifts nothing.
    expect(await regulation({}, { 'x-country-code': 'US' })).toBe(2)
    expect(() => loadConfig({ ...production, COUNTRY_HEADER: 'cf-ipcountry' })).toThrow(
      /COUNTRY_HEADER is believed only from trusted proxies/,
    )
    const trusted = { COUNTRY_HEADER: 'cf-ipcountry', TRUST_PROXY: 'loopback' }
    expect(await regulation(trusted, { 'cf-ipcountry': 'US' })).toBe(1)
    expect(await regulation(trusted, { 'cf-ipcountry': 'JP' })).toBe(2)
    // Several values: the last is the proxy's own, those before came from the client.
    expect(await regulation(trusted, { 'cf-ipcountry': 'US, JP' })).toBe(2)
  })
})
