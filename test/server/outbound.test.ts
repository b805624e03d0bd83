import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusedAddress } from '../../server/outbound/address-policy.ts'
import {
  checkedAddress,
  guardedRequest,
  OutboundError,
  urlRefusal,
  type OutboundPolicy,
  type Resolve,
} from '../../server/outbound/client.ts'

const open: OutboundPolicy = { allowLoopback: false, ports: null, hostSuffixes: null }
const local: OutboundPolicy = { ...open, allowLoopback: true }
const production: OutboundPolicy = {
  allowLoopback: false,
  ports: [443],
  hostSuffixes: ['fcm.googleapis.com', 'push.apple.com'],
}
/** A resolver that answers `answers` for every name, and counts how often it was asked. */
const resolving = (...answers: string[]) => {
  const asked: string[] = []
  const resolve: Resolve = (hostname) => {
    asked.push(hostname)
    return Promise.resolve(
      answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    )
  }
  return { resolve, asked }
}
const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    if (error instanceof OutboundError) return error.kind
    throw error
  }
  return 'settled'
}

describe('the outbound address policy', () => {
  it('refuses every address that is not the public internet, IPv4-mapped forms included', () => {
    const refused: Array<[string, string]> = [
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['192.168.1.1', 'private'],
      ['::ffff:10.0.0.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['224.0.0.1', 'multicast'],
      ['ff02::1', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['64:ff9b::a00:1', 'rfc6052'],
      ['2002:a00:1::1', '6to4'],
      ['100::1', 'reserved'],
    ]
    for (const [address, why] of refused)
      expect([address, refusedAddress(address)]).toEqual([address, why])
    for (const address of ['8.8.8.8', '142.250.196.106', '2404:6800:4004:80f::200a']) {
      expect(refusedAddress(address)).toBeNull()
    }
    // Loopback only for the tests' own services, and nothing else with it.
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull()
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull()
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).toBe('private')
  })

  it('in production takes only https on 443 to the push services’ hosts', () => {
    const refusal = (url: string) => urlRefusal(new URL(url), production)
    expect(refusal('https://fcm.googleapis.com/fcm/send/abc')).toBeNull()
    expect(refusal('https://web.push.apple.com/QGx')).toBeNull()
    expect(refusal('https://fcm.googleapis.com:8443/fcm/send/abc')).toMatch(/port 8443/)
    expect(refusal('http://fcm.googleapis.com/fcm/send/abc')).toMatch(/https/)
    expect(refusal('https://evilfcm.googleapis.com.example/x')).toMatch(/not an allowed host/)
    expect(refusal('https://push.example/x')).toMatch(/not an allowed host/)
    expect(refusal('https://user:pw@fcm.googleapis.com/x')).toMatch(/credentials/)
    // Plain http, even to loopback, only where loopback is allowed.
    expect(urlRefusal(new URL('http://127.0.0.1:9/x'), open)).toMatch(/https/)
    expect(urlRefusal(new URL('http://127.0.0.1:9/x'), local)).toBeNull()
  })

  it('refuses a name when any of its addresses is refused, and plain http to anything but loopback', async () => {
    const mixed = resolving('93.184.216.34', '10.0.0.1')
    expect(
      await failureOf(checkedAddress(new URL('https://push.example/x'), open, mixed.resolve)),
    ).toBe('refused')
    const publicOnly = resolving('93.184.216.34')
    await expect(
      checkedAddress(new URL('https://push.example/x'), open, publicOnly.resolve),
    ).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    })
    expect(
      await failureOf(checkedAddress(new URL('http://push.example/x'), local, publicOnly.resolve)),
    ).toBe('refused')
    // The system's own resolver: localhost is loopback.
    expect(await failureOf(checkedAddress(new URL('https://localhost/x'), open))).toBe('refused')
  })
})

describe('the guarded client', () => {
  const seen: Array<{ host: string | undefined; url: string | undefined }> = []
  let origin = ''
  const server = http.createServer((request, response) => {
    seen.push({ host: request.headers.host, url: request.url })
    if (request.url === '/tarpit') {
      // Answers at once, then a byte every 9 s: an idle timeout would never fire.
      response.writeHead(201, { 'Content-Length': '100' })
      const drip = setInterval(() => response.write('x'), 9_000)
      response.once('close', () => clearInterval(drip))
      return
    }
    if (request.url === '/large') return void response.end(Buffer.alloc(100_000, 1))
    response.writeHead(201, { 'Retry-After': '5' }).end('ok')
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  const port = () => new URL(origin).port
  const post = (
    path: string,
    options: { deadlineMs?: number; signal?: AbortSignal; resolve?: Resolve } = {},
  ) =>
    guardedRequest(
      new URL(path, options.resolve ? `http://push.test:${port()}` : origin),
      { method: 'POST', body: Buffer.from('hi') },
      {
        policy: local,
        deadlineMs: options.deadlineMs ?? 2_000,
        maxBytes: 64 * 1024,
        ...(options.signal && { signal: options.signal }),
        ...(options.resolve && { resolve: options.resolve }),
      },
    )

  it('connects to the address it checked, asking DNS once, and keeps the name as the Host', async () => {
    const names = resolving('127.0.0.1')
    const answer = await post('/ok', { resolve: names.resolve })
    expect(answer.status).toBe(201)
    expect(answer.body.toString()).toBe('ok')
    expect(names.asked).toEqual(['push.test'])
    expect(seen.at(-1)).toEqual({ host: `push.test:${port()}`, url: '/ok' })
  })

  it('refuses at connect time a name that now resolves to a private address, sending nothing', async () => {
    // It passed when the subscription was made…
    let answer = '93.184.216.34'
    const rebinding: Resolve = () => Promise.resolve([{ address: answer, family: 4 }])
    const url = new URL('https://push.example/x')
    await expect(checkedAddress(url, open, rebinding)).resolves.toMatchObject({
      address: '93.184.216.34',
    })
    // …and DNS answers otherwise now.
    answer = '10.0.0.1'
    const before = seen.length
    const refused = guardedRequest(
      url,
      { method: 'POST' },
      { policy: open, deadlineMs: 2_000, maxBytes: 1, resolve: rebinding },
    )
    expect(await failureOf(refused)).toBe('refused')
    answer = '127.0.0.1'
    expect(
      await failureOf(
        guardedRequest(
          url,
          { method: 'POST' },
          { policy: open, deadlineMs: 2_000, maxBytes: 1, resolve: rebinding },
        ),
      ),
    ).toBe('refused')
    expect(seen.length).toBe(before)
  })

  it('settles by its deadline against a tarpit that answers and then trickles', async () => {
    const started = Date.now()
    expect(await failureOf(post('/tarpit', { deadlineMs: 400 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('caps the answer’s size, and stops at once when aborted', async () => {
    expect(await failureOf(post('/large'))).toBe('too-large')
    const stop = new AbortController()
    const started = Date.now()
    const pending = post('/tarpit', { deadlineMs: 30_000, signal: stop.signal })
    setTimeout(() => stop.abort(), 100)
    expect(await failureOf(pending)).toBe('aborted')
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
