import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawnServer, type SpawnedServer } from '../spawn-server.ts'

const run = promisify(execFile)

/** SHOWROOM's host name, which streamlink's plugin is written for. */
const HOST = 'www.showroom-live.com'

/**
 * The site's host name pointed at Kirari over HTTPS, as an operator would run it: a TLS front
 * (a certificate for www.showroom-live.com, trusted by the client through REQUESTS_CA_BUNDLE)
 * passing requests to a Kirari process whose PUBLIC_ORIGIN is https://www.showroom-live.com.
 * The client reaches that front through an HTTP proxy (CONNECT), so no name is changed on the
 * machine.
 */
async function httpsFront(site: SpawnedServer, dir: string) {
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
    ...['-keyout', key, '-out', cert, '-subj', `/CN=${HOST}`],
    ...['-addext', `subjectAltName=DNS:${HOST},DNS:showroom-live.com`],
  ])
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`)
  const target = new URL(site.url)
  const front = https.createServer(
    { key: fs.readFileSync(key), cert: fs.readFileSync(cert) },
    (req, res) => {
      const upstream = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-proto': 'https' },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
    },
  )
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve))
  const frontPort = (front.address() as net.AddressInfo).port
  const tunnels = new Set<net.Socket>()
  const proxy = http.createServer((_, res) => res.writeHead(405).end())
  proxy.on('connect', (req, socket: net.Socket, head) => {
    if (req.url !== `${HOST}:443` && req.url !== `showroom-live.com:443`) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const upstream = net.connect(frontPort, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    for (const s of [socket, upstream]) {
      tunnels.add(s)
      s.on('error', () => {})
      s.on('close', () => tunnels.delete(s))
    }
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    proxyUrl: `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    caBundle: cert,
    close: async () => {
      for (const s of tunnels) s.destroy()
      await Promise.all([
        new Promise((resolve) => proxy.close(resolve)),
        new Promise((resolve) => front.close(resolve)),
      ])
    },
  }
}

/** What ffprobe finds in a recording: its video stream's frames, and its length (s). */
async function probe(file: string): Promise<{ frames: number; seconds: number }> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-of', 'json'],
    ...['-show_entries', 'stream=nb_read_frames:format=duration', file],
  ])
  const found = JSON.parse(stdout) as {
    streams?: { nb_read_frames?: string }[]
    format?: { duration?: string }
  }
  return {
    frames: Number(found.streams?.[0]?.nb_read_frames ?? 0),
    seconds: Number(found.format?.duration ?? 0),
  }
}

describe('streamlink’s SHOWROOM plugin plays a Kirari room (issue #39)', () => {
  let site: SpawnedServer
  let front: Awaited<ReturnType<typeof httpsFront>>
  let dir: string
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-streamlink-'))
    site = await spawnServer({ PUBLIC_ORIGIN: `https://${HOST}`, DEMO_BOTS_PER_MINUTE: '0' })
    front = await httpsFront(site, dir)
  }, 60_000)
  afterAll(async () => {
    await front.close()
    await site.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const streamlink = (args: string[]) =>
    run('streamlink', ['--http-proxy', front.proxyUrl, ...args], {
      env: { ...process.env, REQUESTS_CA_BUNDLE: front.caBundle },
      timeout: 60_000,
    })

  it('finds the room’s streams from its page, SHOWROOM’s short URL included', async () => {
    for (const page of [`https://${HOST}/r/kirari_hoshino`, `https://${HOST}/kirari_hoshino`]) {
      const { stdout } = await streamlink(['--json', page])
      const found = JSON.parse(stdout) as { streams?: Record<string, { type: string }> }
      expect(Object.keys(found.streams ?? {}), page).toEqual(
        expect.arrayContaining(['best', 'worst']),
      )
      expect(found.streams?.best?.type, page).toBe('hls')
    }
  }, 90_000)

  it('records a few seconds of the live, and finds nothing in a room off air', async () => {
    const out = path.join(dir, 'live.ts')
    await streamlink([
      ...['--hls-duration', '00:00:04', '-o', out],
      `https://${HOST}/r/kirari_hoshino`,
      'best',
    ])
    const recorded = await probe(out)
    expect(recorded.seconds, JSON.stringify(recorded)).toBeGreaterThanOrEqual(3)
    expect(recorded.frames, JSON.stringify(recorded)).toBeGreaterThan(30)
    // A room with no live: the plugin says so and plays nothing.
    // (streamlink exits 1 then: its output is on the error.)
    const off = await streamlink(['--json', `https://${HOST}/r/minor_hina`]).catch(
      (error: unknown) => ({ stdout: (error as { stdout?: string }).stdout ?? '' }),
    )
    expect(off.stdout).toContain('No playable streams found')
  }, 90_000)
})
