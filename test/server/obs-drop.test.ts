import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RTMP_MODULE } from '../../server/media/rtmp-config.ts'
import { startMediaHost, type RunningMediaHost } from '../../server/media/media-host.ts'
import { publishTestPattern } from '../../server/media/test-pattern.ts'
import { freePort } from '../free-port.ts'
import type { TestClient } from './client.ts'
import { startTestServer, type TestServer } from './harness.ts'
import {
  OBS_ROOM as ROOM,
  endLive,
  listenLocal,
  logInLiver,
  obsKeyOf,
  openLiveOf,
  rotateKey,
} from './obs-fixtures.ts'

// Ended means ended (issue #50), with the real thing: ffmpeg publishes to Debian's nginx-rtmp,
// the media host checks with the site. Ending the live or rotating the key drops the encoder
// within 2 s, and the old key is refused. The secret travels in a header, never in a URL.

const NGINX = '/usr/sbin/nginx'
const FFMPEG = '/usr/bin/ffmpeg'
const SECRET = 'drop-s3cret'
const DROPPED_WITHIN_MS = 2000

function available(): boolean {
  const ok = [NGINX, FFMPEG, DEFAULT_RTMP_MODULE].every((file) => fs.existsSync(file))
  if (!ok && process.env.CI)
    throw new Error('CI=true but nginx, libnginx-mod-rtmp or ffmpeg is missing')
  if (!ok) console.warn('OBS drop not run here: nginx, libnginx-mod-rtmp or ffmpeg is missing')
  return ok
}

async function until<T>(what: () => Promise<T | undefined | false>, ms: number, label: string) {
  const end = Date.now() + ms
  for (;;) {
    const value = await what()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out: ${label}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The moment the encoder's process ends (nginx dropping it breaks its pipe), or null after `ms`. */
const exitOf = (encoder: ChildProcess, ms: number) =>
  new Promise<{ at: number; code: number | null } | null>((resolve) => {
    if (encoder.exitCode !== null) resolve({ at: Date.now(), code: encoder.exitCode })
    const timer = setTimeout(() => resolve(null), ms)
    encoder.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ at: Date.now(), code })
    })
  })

/** Does `act` (the owner's end or key rotation): the encoder is dropped within 2 s of its answer. */
async function dropsEncoder(encoder: ChildProcess, act: () => Promise<{ status: number }>) {
  const exited = exitOf(encoder, 10_000)
  expect((await act()).status).toBe(200)
  const actedAt = Date.now()
  const exit = await exited
  expect(exit, 'the encoder was not dropped').not.toBeNull()
  expect((exit?.at ?? Infinity) - actedAt).toBeLessThan(DROPPED_WITHIN_MS)
  return exit
}

/** Every call the media host made to the site: its URL and the secret header it carried. */
interface SiteCall {
  url: string
  secret: string | undefined
}

describe.runIf(available())('an OBS encoder on nginx-rtmp, when its live is over', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-obs-drop-'))
  const calls: SiteCall[] = []
  const encoders: ChildProcess[] = []
  let server: TestServer
  let relay: http.Server
  let media: RunningMediaHost
  let liver: TestClient
  let roomId: number
  let rtmpUrl: string

  const openLive = () => openLiveOf(server, roomId)
  const key = () => obsKeyOf(liver, roomId)
  const publish = (streamKey: string) => {
    const encoder = publishTestPattern(rtmpUrl, streamKey)
    encoders.push(encoder)
    return encoder
  }
  /** Publishes with the room's key until the live is on air from it and the host packages it. */
  const goLive = async () => {
    const encoder = publish(await key())
    await until(
      async () => (await openLive())?.source === 'rtmp' && media.host.lives.has(ROOM),
      20_000,
      'the encoder on air',
    )
    // Well under way: the host's reader has the stream, so a drop is of a running publish.
    await until(
      async () => {
        const status = await fetch(`${media.url}/lives/${ROOM}/status.json`)
        return status.ok && ((await status.json()) as { receiving: boolean }).receiving
      },
      15_000,
      'the host receiving',
    )
    return encoder
  }

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      CAPTCHA_FIXED_WORD: 'kirari',
      RTMP_CALLBACK_SECRET: SECRET,
    })
    // Between the media host and the site: records each call as the site receives it.
    relay = http.createServer((req, res) => {
      const secret = req.headers['x-kirari-media-secret']
      calls.push({ url: req.url ?? '', secret: typeof secret === 'string' ? secret : undefined })
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter(
            (entry): entry is [string, string] =>
              typeof entry[1] === 'string' && !['host', 'connection'].includes(entry[0]),
          ),
        )
        fetch(server.url + (req.url ?? ''), {
          method: req.method ?? 'POST',
          headers,
          body: Buffer.concat(chunks),
        })
          .then(async (answer) => {
            res.writeHead(answer.status, {
              'content-type': answer.headers.get('content-type') ?? 'text/plain',
            })
            res.end(Buffer.from(await answer.arrayBuffer()))
          })
          .catch(() => res.writeHead(502).end())
      })
    })
    const siteUrl = await listenLocal(relay)
    const rtmpPort = await freePort()
    rtmpUrl = `rtmp://127.0.0.1:${rtmpPort}/live`
    media = await startMediaHost({
      mediaDir: dir,
      rtmpPort,
      httpPort: 0,
      httpHost: '127.0.0.1',
      siteUrl,
      secret: SECRET,
      log: () => {},
    })
    ;({ liver, roomId } = await logInLiver(server))
    const demo = await openLive()
    if (demo) await endLive(liver, demo)
  }, 60_000)

  afterAll(async () => {
    for (const encoder of encoders) encoder.kill('SIGKILL')
    await media.close()
    relay.close()
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('drops the encoder within 2 s of the owner ending the live; its playlists go with it', async () => {
    const encoder = await goLive()
    const live = await openLive()
    if (!live) throw new Error('no live on air')
    const exit = await dropsEncoder(encoder, () => endLive(liver, live))
    expect(exit?.code).not.toBe(0)
    expect(media.host.lives.has(ROOM)).toBe(false)
    expect((await fetch(`${media.url}/lives/${ROOM}/source/ll.m3u8`)).status).toBe(404)
    expect((await server.get(`/hls/${ROOM}/live/abr.m3u8`)).status).toBe(404)
    // Dropped, not ended by its encoder: nothing came back to life.
    expect(await openLive()).toBeUndefined()

    // OBS reconnecting by itself with the same key is refused: the owner's end holds it.
    const refusedCalls = calls.length
    const again = publish(await key())
    const refused = await exitOf(again, 15_000)
    expect(refused, 'a publish after the owner ended the live was let in').not.toBeNull()
    expect(refused?.code).not.toBe(0)
    expect(calls.slice(refusedCalls).map((c) => c.url)).toContain('/media/rtmp/on_publish')
    expect(await openLive()).toBeUndefined()
    expect(media.host.lives.has(ROOM)).toBe(false)
    // Until the owner starts a live from the site again, which the encoder then feeds.
    expect(
      (await liver.postForm('/api/encoder/live_start', { room_id: String(roomId) })).status,
    ).toBe(200)
  }, 60_000)

  it('drops the encoder within 2 s of the owner rotating the key, and refuses the old key', async () => {
    const encoder = await goLive()
    const old = await key()
    await dropsEncoder(encoder, () => rotateKey(liver, roomId))
    // The live is interrupted, not over: the owner may paste the new key within the grace.
    await until(async () => (await openLive())?.ingest_lost_at, 5000, 'the live interrupted')

    // OBS trying again with the old key is refused by nginx (on_publish answered 403).
    const refusedCalls = calls.length
    const again = publish(old)
    const refused = await exitOf(again, 15_000)
    expect(refused, 'a publish with the old key was let in').not.toBeNull()
    expect(refused?.code).not.toBe(0)
    expect(calls.slice(refusedCalls).map((c) => c.url)).toContain('/media/rtmp/on_publish')
    expect((await openLive())?.ingest_lost_at).toBeInstanceOf(Date)
    expect(media.host.lives.has(ROOM)).toBe(false)
  }, 60_000)

  it('puts the secret in a header of every call to the site and in no URL or configuration', () => {
    const config = fs.readFileSync(path.join(dir, 'nginx.conf'), 'utf8')
    expect(config).toContain('on_publish http://127.0.0.1:')
    expect(config).not.toContain(SECRET)
    expect(config).not.toContain('secret')
    const hooks = new Set(calls.map((c) => c.url))
    for (const hook of ['on_publish', 'on_publish_done', 'on_check']) {
      expect(hooks, hook).toContain(`/media/rtmp/${hook}`)
    }
    expect(calls.filter((c) => c.url.includes(SECRET) || c.url.includes('?'))).toEqual([])
    expect(calls.filter((c) => c.secret !== SECRET)).toEqual([])
  })
})
