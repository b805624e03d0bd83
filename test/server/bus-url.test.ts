import { describe, expect, it } from 'vitest'
import { natsOptions, redisOptions } from '../../server/broadcast/buses.ts'
import { isLoopback, parseBusUrl, showBusUrl } from '../../server/config-bus.ts'
import { ConfigError, loadConfig } from '../../server/config.ts'

function caughtMessage(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a throw')
}

/** BUS_URL read as written (issue #50): credentials, TLS, and a clear refusal of the rest. */

const production = { PUBLIC_ORIGIN: 'https://live.example.jp' }

describe('BUS_URL', () => {
  it('reads a NATS user and password, percent-escapes decoded; a numeric password is a password', () => {
    const target = parseBusUrl('nats://kirari:p%40ss%3Aw%2F0rd@10.0.0.3:4333')
    expect(target).toMatchObject({
      kind: 'nats',
      host: '10.0.0.3',
      port: 4333,
      tls: false,
      username: 'kirari',
      password: 'p@ss:w/0rd',
      token: undefined,
    })
    expect(natsOptions(target)).toMatchObject({
      servers: '10.0.0.3:4333',
      user: 'kirari',
      pass: 'p@ss:w/0rd',
    })
    // The old reading took `kirari:4222@host` as host `kirari`, port 4222.
    expect(natsOptions(parseBusUrl('nats://kirari:4222@nats.internal'))).toMatchObject({
      servers: 'nats.internal:4222',
      user: 'kirari',
      pass: '4222',
    })
    expect(target.shown).toBe('nats://10.0.0.3:4333')
  })

  it('reads a NATS token, TLS (tls://) and an IPv6 host', () => {
    const token = parseBusUrl('nats://s3cret-token@nats.internal')
    expect(natsOptions(token)).toMatchObject({
      servers: 'nats.internal:4222',
      token: 's3cret-token',
    })
    expect(natsOptions(token)).not.toHaveProperty('user')
    expect(token.shown).toBe('nats://nats.internal:4222')
    const tls = parseBusUrl('tls://kirari:pw@nats.internal:4443')
    expect(tls).toMatchObject({ kind: 'nats', tls: true, host: 'nats.internal', port: 4443 })
    expect(natsOptions(tls)).toMatchObject({ servers: 'nats.internal:4443', tls: {} })
    const v6 = parseBusUrl('nats://kirari:pw@[::1]:4443')
    expect(natsOptions(v6)).toMatchObject({ servers: '[::1]:4443' })
  })

  it('reads Redis: user and password, a password alone, TLS (rediss://) and the database', () => {
    expect(redisOptions(parseBusUrl('rediss://kirari:p%2Fw@redis.internal:6380/2'))).toMatchObject({
      host: 'redis.internal',
      port: 6380,
      username: 'kirari',
      password: 'p/w',
      db: 2,
      tls: {},
    })
    const plain = redisOptions(parseBusUrl('redis://:pw@127.0.0.1'))
    expect(plain).toMatchObject({ host: '127.0.0.1', port: 6379, password: 'pw' })
    expect(plain).not.toHaveProperty('tls')
    expect(plain).not.toHaveProperty('username')
  })

  it('refuses what it would otherwise ignore, never showing the password', () => {
    const refused = {
      'amqp://u:hunter2@host': /must start with nats:\/\/, tls:\/\//,
      'redis://u:hunter2@host?tls=1': /no query/,
      'nats://u:hunter2@host/x': /no path/,
      'redis://u:hunter2@host/db': /database is a number/,
      'nats://u:%zz@host': /bad %-escape/,
      'nats://u:hunter2@host:4222,host2:4222': /must be a URL/,
      'tls://u:hunter2@10.0.0.3:4222': /needs the host name/,
    }
    for (const [url, message] of Object.entries(refused)) {
      let error: unknown
      try {
        parseBusUrl(url)
      } catch (caught) {
        error = caught
      }
      expect(error, url).toBeInstanceOf(ConfigError)
      expect((error as Error).message, url).toMatch(message)
      expect((error as Error).message, url).not.toContain('hunter2')
    }
  })

  it('never shows a password with an unescaped "/", "?" or "#", in an error or a log line', () => {
    // `nats://user:pa/ss@host` does not parse; `redis://u:12/34@host` parses as host `u`, port 12.
    const refused = {
      'nats://kirari:hunt/er2@nats.internal:4222': /an "@" after its host/,
      'redis://kirari:12/34@redis.internal': /an "@" after its host/,
      'redis://kirari:12?34@redis.internal': /an "@" after its host/,
      'nats://kirari:12#34@nats.internal': /an "@" after its host/,
      'nats://kirari:hunter2@nats.internal:99999': /does not parse/,
    }
    for (const [url, message] of Object.entries(refused)) {
      const secrets = url.match(/kirari:(\S+?)@/)?.[1]?.split(/[/?# ]/) ?? []
      expect(() => parseBusUrl(url), url).toThrow(ConfigError)
      expect(() => parseBusUrl(url), url).toThrow(message)
      for (const shown of [caughtMessage(() => parseBusUrl(url)), showBusUrl(url)]) {
        for (const secret of secrets) expect(shown, url).not.toContain(secret)
        expect(shown, url).not.toContain('kirari')
      }
    }
    expect(showBusUrl('nats://kirari:pw@nats.internal')).toBe('nats://nats.internal:4222')
    expect(showBusUrl('rediss://:pw@[::1]:6380/2')).toBe('rediss://[::1]:6380')
  })

  it('production refuses a bus off this machine without credentials, at start, with the reason', () => {
    for (const url of [
      'nats://10.0.0.3:4222',
      'tls://nats.internal:4222',
      'redis://kirari@10.0.0.4',
    ]) {
      expect(() => loadConfig({ ...production, BUS_URL: url }), url).toThrow(
        /has no credentials: in production a bus that is not on loopback must ask for them/,
      )
    }
    for (const url of [
      'nats://kirari:pw@10.0.0.3:4222',
      'nats://token@10.0.0.3:4222',
      'tls://kirari:pw@nats.internal',
      'rediss://:pw@redis.internal',
      'nats://127.0.0.1:4222',
      'redis://localhost:6379',
      'nats://[::1]:4222',
    ]) {
      expect(loadConfig({ ...production, BUS_URL: url }).busUrl, url).toBe(url)
    }
    // The demo runs its bus where it likes.
    expect(loadConfig({ KIRARI_DEMO: '1', BUS_URL: 'nats://10.0.0.3:4222' }).busUrl).toBe(
      'nats://10.0.0.3:4222',
    )
    expect(isLoopback('127.8.0.1')).toBe(true)
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true)
    expect(isLoopback('10.0.0.1')).toBe(false)
    expect(isLoopback('localhost.example.com')).toBe(false)
  })
})
