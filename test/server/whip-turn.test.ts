import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IceServersAnswer } from '../../src/contract/whip.ts'
import { freePort } from '../free-port.ts'
import { endLive, obsKeyOf, openLiveOf, rotateKey } from './obs-fixtures.ts'
import { WhipPublisher } from './whip-client.ts'
import { startWhipSite, until, type WhipSite } from './whip-fixtures.ts'

// TURN for livers on networks that let nothing else through (issue #51), with Debian's coturn
// and the TURN REST scheme: the site hands the room's owner time-limited credentials made with
// coturn's static-auth-secret, and a publisher that may use nothing but the relay goes live
// through it — over UDP, and over TLS (`turns:`, what a carrier network that passes only TCP 443
// leaves; a site listens on 443, the test on a free port).

const TURNSERVER = '/usr/bin/turnserver'
const SECRET = 'turn-s3cret'

function available(): boolean {
  const ok = fs.existsSync(TURNSERVER) && fs.existsSync('/usr/bin/ffmpeg')
  if (!ok && process.env.CI) throw new Error('CI=true but coturn or ffmpeg is missing')
  if (!ok) console.warn('TURN not run here: apt-get install -y coturn ffmpeg')
  return ok
}

/**
 * The address coturn relays from: this machine's own (the media host's candidates are its
 * interfaces' addresses, and a packet from loopback to another address is dropped).
 */
const relayIp = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1'

describe.runIf(available())('publishing through TURN (coturn, time-limited credentials)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-turn-'))
  let turn: ChildProcess
  let site: WhipSite
  const publishers: WhipPublisher[] = []
  const cert = path.join(dir, 'turn.pem')
  const key = path.join(dir, 'turn.key')

  beforeAll(async () => {
    const port = await freePort()
    const tlsPort = await freePort()
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
        ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
        ...['-keyout', key, '-out', cert],
      ],
      { stdio: 'ignore' },
    )
    const relayFrom = 49000 + Math.floor(Math.random() * 500) * 2
    turn = spawn(
      TURNSERVER,
      [
        ...[
          '-n',
          '--listening-ip=127.0.0.1',
          `--listening-port=${port}`,
          `--tls-listening-port=${tlsPort}`,
          `--cert=${cert}`,
          `--pkey=${key}`,
          `--relay-ip=${relayIp()}`,
        ],
        ...[`--min-port=${relayFrom}`, `--max-port=${relayFrom + 200}`],
        ...['--use-auth-secret', `--static-auth-secret=${SECRET}`, '--realm=kirari.test'],
        ...['--no-dtls', '--no-cli', '--allow-loopback-peers', '--no-stun', '--verbose'],
        ...[`--userdb=${path.join(dir, 'turndb')}`, `--pidfile=${path.join(dir, 'turn.pid')}`],
        `--log-file=${path.join(dir, 'turn.log')}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    site = await startWhipSite('pglite', {
      TURN_URLS: `turn:127.0.0.1:${port}?transport=udp,turns:127.0.0.1:${tlsPort}?transport=tcp`,
      TURN_SECRET: SECRET,
      TURN_TTL_SECONDS: '600',
    })
    const open = await openLiveOf(site.server, site.roomId)
    if (open) expect((await endLive(site.liver, open)).status).toBe(200)
    expect((await rotateKey(site.liver, site.roomId)).status).toBe(200)
  })
  afterAll(async () => {
    for (const p of publishers) await p.close()
    await site.close()
    turn.kill('SIGTERM')
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const hostStatus = async () => {
    const r = await fetch(`${site.mediaOrigin}/lives/demo_liver_room/status.json`)
    return r.ok ? ((await r.json()) as { receiving: boolean; since: number }) : null
  }

  /** A relay-only publisher's offer names relay candidates alone; it is answered and sends. */
  const publishThroughRelay = async (publisher: WhipPublisher) => {
    publishers.push(publisher)
    const offer = await publisher.offer()
    // Relay candidates only: the publisher reaches the media host through coturn or not at all.
    const candidates = offer.split('\r\n').filter((l) => l.startsWith('a=candidate'))
    expect(candidates.length).toBeGreaterThan(0)
    expect(candidates.every((l) => / typ relay/.test(l))).toBe(true)
    const answer = await publisher.publish(
      `${site.server.url}/whip`,
      await obsKeyOf(site.liver, site.roomId),
      offer,
    )
    expect(answer.status, answer.text).toBe(201)
    await publisher.send()
  }

  it('hands the owner credentials that expire, and a relay-only publisher goes live through them', async () => {
    const { status, body } = await site.liver.json(
      `/api/encoder/ice_servers?room_id=${site.roomId}`,
    )
    expect(status).toBe(200)
    const ice = body as unknown as IceServersAnswer
    const [server] = ice.ice_servers
    expect(server?.urls).toEqual([
      expect.stringMatching(/^turn:127\.0\.0\.1:\d+\?transport=udp$/),
      expect.stringMatching(/^turns:127\.0\.0\.1:\d+\?transport=tcp$/),
    ])
    const expiry = Number(server?.username?.split(':')[0])
    expect(expiry).toBe(ice.expires_at)
    expect(expiry - Date.now() / 1000).toBeGreaterThan(590)
    expect(expiry - Date.now() / 1000).toBeLessThanOrEqual(600)

    await publishThroughRelay(new WhipPublisher({ iceServers: ice.ice_servers, relayOnly: true }))
    await until(
      async () => (await openLiveOf(site.server, site.roomId))?.source === 'rtmp',
      15_000,
      'the live on air through the relay',
    )
    await until(async () => (await hostStatus())?.receiving, 15_000, 'the media host receiving')
  })

  it('goes live through the relay over TLS alone (turns:), as a phone that reaches only TCP 443', async () => {
    const before = (await hostStatus())?.since ?? 0
    const open = await openLiveOf(site.server, site.roomId)
    if (open) expect((await endLive(site.liver, open)).status).toBe(200)
    expect((await rotateKey(site.liver, site.roomId)).status).toBe(200)
    for (const p of publishers.splice(0)) await p.close()
    const { body } = await site.liver.json(`/api/encoder/ice_servers?room_id=${site.roomId}`)
    const [server] = (body as unknown as IceServersAnswer).ice_servers
    const tls = (Array.isArray(server?.urls) ? server.urls : []).find((u) => u.startsWith('turns:'))
    expect(tls).toBeDefined()
    await publishThroughRelay(
      new WhipPublisher({
        iceServers: [{ ...server, urls: tls ?? '' }],
        relayOnly: true,
        turnCa: fs.readFileSync(cert, 'utf8'),
      }),
    )
    // A new live (not the one before, still in its grace), received through the TLS relay.
    await until(
      async () => {
        const now = await hostStatus()
        return now !== null && now.since > before && now.receiving
      },
      20_000,
      'the media host receiving through the TLS relay',
    )
    // coturn's log says the relay was allocated in a TLS session.
    const logs = fs.readdirSync(dir).filter((f) => f.startsWith('turn') && f.endsWith('.log'))
    const log = logs.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n')
    const tlsSession = /session (\d+): new, .*method=TLSv1\.[23]/.exec(log)?.[1]
    expect(tlsSession).toBeDefined()
    expect(log).toContain(`session ${tlsSession}: realm <kirari.test> user <`)
    expect(log).toMatch(new RegExp(`session ${tlsSession}: .*ALLOCATE processed, success`))
  })

  it('refuses ice_servers to anyone but the room’s owner', async () => {
    const stranger = await site.server.get(`/api/encoder/ice_servers?room_id=${site.roomId}`)
    expect(stranger.status).toBe(401)
  })
})
