import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestClient } from './client.ts'
import { testEngines, type TestServer } from './harness.ts'
import {
  OBS_ROOM as ROOM,
  SECRET_HEADER,
  endLive,
  logInLiver,
  mediaCall,
  obsKeyOf,
  openLiveOf,
  rotateKey,
  startSiteWithMedia,
} from './obs-fixtures.ts'

// Ended means ended (issue #50): an OBS live's media is served only while the live is open, the
// media host learns which encoders to drop, and its calls carry the secret in a header only.

const SECRET = 's3cret'
/** What the proxy may take to see an end: its memory of an open live lasts 1 s (obs-on-air.ts). */
const SEEN_WITHIN_MS = 1500

/** The media host's call, as it makes it: a form body, the secret in a header unless told. */
const callback = (
  base: string,
  hook: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = { [SECRET_HEADER]: SECRET },
) => mediaCall(base, hook, body, headers)

async function within<T>(ms: number, read: () => Promise<T>, done: (value: T) => boolean) {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > end) return value
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe.each(await testEngines())('an OBS live that ends on %s', (engine) => {
  let server: TestServer
  let media: http.Server
  let liver: TestClient
  let roomId: number
  /** Paths the stand-in media host was asked for. */
  const asked: string[] = []

  const openLive = () => openLiveOf(server, roomId)
  const key = () => obsKeyOf(liver, roomId)
  const endOpenLive = async () => {
    const live = await openLive()
    if (live) await endLive(liver, live)
  }
  const check = async (names: unknown) => {
    const answer = await callback(server.url, 'on_check', { names })
    expect(answer.status).toBe(200)
    return ((await answer.json()) as { drop: string[] }).drop
  }

  beforeAll(async () => {
    // A media host that has every live's media, as one that was never told a live ended.
    media = http.createServer((req, res) => {
      asked.push(req.url ?? '')
      res.setHeader('content-type', 'application/x-mpegURL')
      res.end('#EXTM3U\n')
    })
    server = await startSiteWithMedia(engine, SECRET, media)
    ;({ liver, roomId } = await logInLiver(server))
    await endOpenLive()
  })
  afterAll(async () => {
    await server.close()
    media.close()
  })

  it('takes the media host’s calls with the secret in its header only, never from the query', async () => {
    const name = await key()
    const call = (query: string, headers: Record<string, string>) =>
      callback(server.url, `on_publish${query}`, { name }, headers)
    expect((await call('', {})).status).toBe(403)
    expect((await call('', { [SECRET_HEADER]: 'wrong' })).status).toBe(403)
    expect((await call('', { [SECRET_HEADER]: `${SECRET}x` })).status).toBe(403)
    expect((await call('', { [SECRET_HEADER]: '' })).status).toBe(403)
    // The secret in the URL, as nginx.conf used to send it, is no longer a way in.
    expect((await call(`?secret=${SECRET}`, {})).status).toBe(403)
    expect(await openLive()).toBeUndefined()
    for (const hook of ['on_publish_done', 'on_stall', 'on_check']) {
      expect((await callback(server.url, hook, { name, stalled: '1', names: [] }, {})).status).toBe(
        403,
      )
    }
    const accepted = await call('', { [SECRET_HEADER]: SECRET })
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ room_url_key: ROOM })
    expect(await openLive()).toMatchObject({ source: 'rtmp' })
  })

  it('serves an OBS live’s playlists and segments while it is open, and 404 once it has ended', async () => {
    const live = await openLive()
    if (!live) throw new Error('no OBS live on air')
    const files = ['abr.m3u8', 'source/ll.m3u8', 'source/3.1.m4s', 'source/init-0.mp4']
    for (const file of files) {
      expect((await server.get(`/hls/${ROOM}/live/${file}`)).status, file).toBe(200)
    }

    expect((await endLive(liver, live)).status).toBe(200)
    const ended = Date.now()
    const status = await within(
      SEEN_WITHIN_MS,
      async () => (await server.get(`/hls/${ROOM}/live/source/ll.m3u8`)).status,
      (s) => s === 404,
    )
    expect(status).toBe(404)
    expect(Date.now() - ended).toBeLessThan(SEEN_WITHIN_MS)
    for (const file of files) {
      expect((await server.get(`/hls/${ROOM}/live/${file}`)).status, file).toBe(404)
    }
    // The media host is not even asked for an ended live's media.
    const after = asked.length
    await server.get(`/hls/${ROOM}/live/abr.m3u8`)
    expect(asked.length).toBe(after)
  })

  it('serves no OBS media for a room whose live is not from OBS, or that has none', async () => {
    // kirari_hoshino is on air with the demo channel; sports_ken is off air.
    expect((await server.get('/hls/kirari_hoshino/abr.m3u8')).status).toBe(200)
    expect((await server.get('/hls/kirari_hoshino/live/abr.m3u8')).status).toBe(404)
    expect((await server.get('/hls/sports_ken/live/source/ll.m3u8')).status).toBe(404)
    expect((await server.get('/hls/no_such_room/live/abr.m3u8')).status).toBe(404)
  })

  it('names the publishers to drop: the live ended, or the key was rotated', async () => {
    // A fresh key: the owner's end of the live above holds the one it was fed by (obs-hold.ts).
    const first = String((await rotateKey(liver, roomId)).body.obs_key)
    expect((await callback(server.url, 'on_publish', { name: first })).status).toBe(200)
    expect(await check([first])).toEqual([])
    // A name that is no room's key, and one asked twice, are answered as well.
    expect(await check([first, 'nobody', first])).toEqual(['nobody'])

    // The owner rotates the key: the encoder on the old one is to go, the live stays open.
    const rotated = await rotateKey(liver, roomId)
    const second = String(rotated.body.obs_key)
    expect(second).not.toBe(first)
    expect(await check([first])).toEqual([first])
    expect(await openLive()).toBeDefined()
    // A publish with the old key is refused; with the new one the live goes on, kept.
    expect((await callback(server.url, 'on_publish', { name: first })).status).toBe(403)
    expect((await callback(server.url, 'on_publish', { name: second })).status).toBe(200)
    expect(await check([first, second])).toEqual([first])

    // The owner ends the live: its encoder is to go too.
    await endOpenLive()
    expect(await check([second])).toEqual([second])
    // A live the owner then starts from the browser is not the encoder's.
    const started = await liver.postForm('/api/encoder/live_start', { room_id: String(roomId) })
    expect(started.status).toBe(200)
    expect(await check([second])).toEqual([second])
    await endOpenLive()
  })

  it('refuses a check that is not a list of names, or too long a list, with a 400', async () => {
    for (const names of ['abc', [1], ['x'.repeat(201)], Array.from({ length: 501 }, String)]) {
      const answer = await callback(server.url, 'on_check', { names })
      expect(answer.status, JSON.stringify(names).slice(0, 40)).toBe(400)
    }
    expect(await check([])).toEqual([])
  })
})
