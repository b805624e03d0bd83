import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_MEDIA_MAX_AGE_S, cappedCacheControl } from '../../server/api/media.ts'
import { OBS_HOLD_QUIET_MS } from '../../server/services/obs-hold.ts'
import { OBS_RECONNECT_GRACE_MS, endLostLives } from '../../server/services/rtmp-ingest.ts'
import type { TestClient } from './client.ts'
import { testEngines, type TestServer } from './harness.ts'
import {
  OBS_ROOM as ROOM,
  SECRET_HEADER,
  endLive,
  logInLiver,
  mediaCall,
  obsKeyOf,
  rotateKey,
  startSiteWithMedia,
} from './obs-fixtures.ts'

// After an OBS live ends (issue #50, "ended means ended"): the owner's end holds the stream key
// against OBS reconnecting by itself, until the owner acts again; an end by the encoder going
// away holds nothing. And the site's proxy lets no shared cache keep a live's media for long.

const SECRET = 'after-end-s3cret'

/** The media host's Cache-Control (server/media/llhls/host.ts), by what is asked. */
function hostCacheControl(url: string): string {
  if (/\.(?:m4s|mp4)$/.test(url)) return 'public, max-age=600, immutable'
  if (url.includes('_HLS_msn=')) return 'public, max-age=6'
  return 'no-cache'
}

describe.each(await testEngines())('an OBS live after its end on %s', (engine) => {
  let server: TestServer
  let media: http.Server
  let liver: TestClient
  let roomId: number

  const publish = (name: string) =>
    mediaCall(server.url, 'on_publish', { app: 'live', name }, { [SECRET_HEADER]: SECRET })
  const publishDone = (name: string) =>
    mediaCall(server.url, 'on_publish_done', { app: 'live', name }, { [SECRET_HEADER]: SECRET })
  const db = () => server.database.db
  const roomLives = () => db().selectFrom('lives').where('room_id', '=', roomId)
  const openLive = () =>
    roomLives().select(['id', 'source']).where('ended_at', 'is', null).executeTakeFirst()
  const livesCount = async () => (await roomLives().select('id').execute()).length
  const key = () => obsKeyOf(liver, roomId)
  const renewKey = async () => String((await rotateKey(liver, roomId)).body.obs_key)
  const endByOwner = async () => {
    const live = await openLive()
    if (!live) throw new Error('no live on air')
    const ended = await endLive(liver, live)
    expect(ended.status).toBe(200)
  }
  const room = () => db().selectFrom('rooms').where('id', '=', roomId)
  const heldAt = async () =>
    (await room().select('obs_publish_held_at').executeTakeFirstOrThrow()).obs_publish_held_at
  const setHeldAt = (at: Date | null) =>
    db().updateTable('rooms').set({ obs_publish_held_at: at }).where('id', '=', roomId).execute()

  beforeAll(async () => {
    media = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/octet-stream')
      res.setHeader('cache-control', hostCacheControl(req.url ?? ''))
      res.end('media')
    })
    server = await startSiteWithMedia(engine, SECRET, media)
    ;({ liver, roomId } = await logInLiver(server))
    // The demo room is on air from the site: an owner's end of a live OBS never fed holds nothing.
    await endByOwner()
    expect(await heldAt()).toBeNull()
  })
  afterAll(async () => {
    await server.close()
    media.close()
  })

  it('refuses OBS publishing again with the same key once the owner ended its live, and starts no live', async () => {
    const name = await key()
    expect((await publish(name)).status).toBe(200)
    expect(await openLive()).toMatchObject({ source: 'rtmp' })
    await endByOwner()
    const lives = await livesCount()

    // OBS reconnects by itself, again and again: each try is refused, no live opens.
    for (let i = 0; i < 3; i++) {
      const again = await publish(name)
      expect(again.status).toBe(403)
    }
    expect(await openLive()).toBeUndefined()
    expect(await livesCount()).toBe(lives)
    expect((await server.get(`/hls/${ROOM}/live/abr.m3u8`)).status).toBe(404)
  })

  it('lets the same key publish again once the owner starts a live from the site; OBS feeds that live', async () => {
    const name = await key()
    expect((await publish(name)).status).toBe(403)
    const started = await liver.postForm('/api/encoder/live_start', { room_id: String(roomId) })
    expect(started.status).toBe(200)
    const live = await openLive()
    expect((await publish(name)).status).toBe(200)
    expect(await openLive()).toEqual({ id: live?.id, source: 'rtmp' })
    await endByOwner()
    expect((await publish(name)).status).toBe(403)
  })

  it('lets a renewed key publish at once: the hold was on the old one', async () => {
    const old = await key()
    expect((await publish(old)).status).toBe(403)
    const fresh = await renewKey()
    expect(await heldAt()).toBeNull()
    expect((await publish(old)).status).toBe(403)
    const lives = await livesCount()
    expect((await publish(fresh)).status).toBe(200)
    expect(await openLive()).toMatchObject({ source: 'rtmp' })
    expect(await livesCount()).toBe(lives + 1)
  })

  it('holds nothing when the live ends by its encoder staying away: OBS coming back starts a live', async () => {
    const name = await key()
    const live = await openLive()
    expect(live).toMatchObject({ source: 'rtmp' })
    expect((await publishDone(name)).status).toBe(200)
    const ended = await endLostLives(
      server.database.db,
      server.hub,
      new Date(Date.now() + OBS_RECONNECT_GRACE_MS + 1000),
    )
    expect(ended).toEqual([live?.id])
    expect(await heldAt()).toBeNull()
    expect((await publish(name)).status).toBe(200)
    const next = await openLive()
    expect(next).toMatchObject({ source: 'rtmp' })
    expect(next?.id).not.toBe(live?.id)
  })

  it('keeps the hold while OBS keeps trying, and lets it lapse once OBS has been quiet long enough', async () => {
    const name = await key()
    await endByOwner()
    // A try renews the hold: one a minute short of the quiet time is refused, and held anew.
    const nearlyQuiet = new Date(Date.now() - OBS_HOLD_QUIET_MS + 60_000)
    await setHeldAt(nearlyQuiet)
    expect((await publish(name)).status).toBe(403)
    expect((await heldAt())?.getTime()).toBeGreaterThan(Date.now() - 10_000)
    // Quiet past the time (the liver stopped OBS and comes back later): on air from OBS alone.
    await setHeldAt(new Date(Date.now() - OBS_HOLD_QUIET_MS - 1000))
    expect((await publish(name)).status).toBe(200)
    expect(await openLive()).toMatchObject({ source: 'rtmp' })
  })

  it('lets shared caches keep an OBS live’s parts and segments a few seconds, not the host’s 10 min', async () => {
    expect(await openLive()).toMatchObject({ source: 'rtmp' })
    // Each process remembers for 1 s that the room was off air (obs-on-air.ts).
    const until = Date.now() + 1500
    while ((await server.get(`/hls/${ROOM}/live/abr.m3u8`)).status !== 200) {
      if (Date.now() > until) throw new Error('the live’s media is not served')
      await new Promise((r) => setTimeout(r, 50))
    }
    for (const file of ['source/12.m4s', 'source/12.3.m4s', 'source/init-0.mp4']) {
      const answer = await server.get(`/hls/${ROOM}/live/${file}`)
      expect(answer.status, file).toBe(200)
      expect(answer.headers.get('cache-control'), file).toBe(
        `public, immutable, max-age=${LIVE_MEDIA_MAX_AGE_S}, s-maxage=${LIVE_MEDIA_MAX_AGE_S}`,
      )
    }
    // Playlists keep theirs: a blocking one a few seconds, the others none.
    const blocking = await server.get(`/hls/${ROOM}/live/source/ll.m3u8?_HLS_msn=12&_HLS_part=3`)
    expect(blocking.headers.get('cache-control')).toBe('public, max-age=6, s-maxage=6')
    for (const file of ['abr.m3u8', 'source/ll.m3u8']) {
      const answer = await server.get(`/hls/${ROOM}/live/${file}`)
      expect(answer.headers.get('cache-control'), file).toBe('no-cache')
    }
    await endByOwner()
  })
})

describe('cappedCacheControl', () => {
  it('holds max-age and s-maxage to the cap, keeps shorter ones and every other directive', () => {
    const cap = LIVE_MEDIA_MAX_AGE_S
    expect(cappedCacheControl('public, max-age=600, immutable')).toBe(
      `public, immutable, max-age=${cap}, s-maxage=${cap}`,
    )
    expect(cappedCacheControl('public, max-age=6')).toBe('public, max-age=6, s-maxage=6')
    expect(cappedCacheControl('public, max-age=6, s-maxage=3600')).toBe(
      `public, max-age=6, s-maxage=${cap}`,
    )
    expect(cappedCacheControl('no-cache')).toBe('no-cache')
    expect(cappedCacheControl('no-store')).toBe('no-store')
  })
})
