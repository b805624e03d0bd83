import fs from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OBS_ROOM as ROOM, endLive, obsKeyOf, openLiveOf, rotateKey } from './obs-fixtures.ts'
import { WhipPublisher } from './whip-client.ts'
import { startWhipSite, until, type WhipSite } from './whip-fixtures.ts'

// Going live without OBS (issue #51): a WHIP publisher other than the site's page (werift's own
// peer, fed by ffmpeg) publishes with the room's key through the site's /whip; the live starts as
// an OBS live does, its H.264 is packaged into the room's Low-Latency HLS, and bad input is refused
// with the live on air untouched.

const FFMPEG = '/usr/bin/ffmpeg'

function available(): boolean {
  const ok = fs.existsSync(FFMPEG)
  if (!ok && process.env.CI) throw new Error('CI=true but ffmpeg is missing')
  if (!ok) console.warn('WHIP not run here: ffmpeg is missing')
  return ok
}

describe.runIf(available())('publishing from a WHIP client', () => {
  let site: WhipSite
  const publishers: WhipPublisher[] = []
  const publisher = (options?: ConstructorParameters<typeof WhipPublisher>[0]) => {
    const p = new WhipPublisher(options)
    publishers.push(p)
    return p
  }
  const whipUrl = async () =>
    String((await site.liver.json(`/api/obs/obs_key?room_id=${site.roomId}`)).body.whip_url)
  const key = () => obsKeyOf(site.liver, site.roomId)
  const openLive = () => openLiveOf(site.server, site.roomId)

  const hostStatus = async () => {
    const r = await fetch(`${site.mediaOrigin}/lives/${ROOM}/status.json`)
    return r.ok ? ((await r.json()) as { receiving: boolean }) : undefined
  }

  beforeAll(async () => {
    site = await startWhipSite('pglite')
    // The demo channel's live ends; the owner's end holds the key, a new key frees it.
    const open = await openLive()
    if (open) expect((await endLive(site.liver, open)).status).toBe(200)
    expect((await rotateKey(site.liver, site.roomId)).status).toBe(200)
  })

  it('refuses bad input with a clear 4xx and starts nothing', async () => {
    const url = await whipUrl()
    const offer = await publisher().offer()
    const post = (headers: Record<string, string>, body: string) =>
      fetch(url, { method: 'POST', headers, body })
    const sdp = { 'content-type': 'application/sdp' }
    const wrong = await post({ ...sdp, authorization: 'Bearer 1_not-the-key' }, offer)
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer')
    expect((await post(sdp, offer)).status).toBe(401)
    const withKey = { ...sdp, authorization: `Bearer ${await key()}` }
    expect((await post({ ...withKey, 'content-type': 'text/plain' }, offer)).status).toBe(415)
    const malformed = await post(withKey, 'hello')
    expect(malformed.status).toBe(400)
    expect(await malformed.text()).toMatch(/not an SDP offer/)
    const vp8 = await publisher({ videoCodec: 'VP8' }).publish(url, await key())
    expect(vp8.status).toBe(406)
    expect(vp8.text).toMatch(/H\.264/)
    expect(await openLive()).toBeUndefined()
    expect(site.host.whip.sessions.size).toBe(0)
  })

  it('drops a peer that never completes ICE and DTLS within 10 s, leaving no live', async () => {
    const url = await whipUrl()
    const silent = publisher()
    // The offer is answered, but the answer is never applied: no ICE check ever comes.
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${await key()}` },
      body: await silent.offer(),
    })
    expect(response.status).toBe(201)
    const at = Date.now()
    expect(site.host.whip.sessions.size).toBe(1)
    await until(
      () => Promise.resolve(site.host.whip.sessions.size === 0),
      11_000,
      'the peer dropped',
    )
    expect(Date.now() - at).toBeLessThanOrEqual(10_500)
    expect(await openLive()).toBeUndefined()
  })
  afterEach(async () => {
    for (const p of publishers.splice(0)) await p.close()
  })
  afterAll(async () => {
    await site.close()
  })

  it(
    'starts the live, packages its H.264 into the room’s HLS, and a new POST continues it',
    { timeout: 60_000 },
    async () => {
      const url = await whipUrl()
      expect(url).toBe(`${site.server.url}/whip`)
      const options = await fetch(url, { method: 'OPTIONS' })
      expect(options.status).toBe(204)
      expect(options.headers.get('accept-post')).toBe('application/sdp')
      const first = publisher()
      const answer = await first.publish(url, await key())
      expect(answer.status, answer.text).toBe(201)
      expect(answer.text).toMatch(/^v=0/)
      expect(first.location).toMatch(/\/whip\/sessions\/[\w-]+$/)
      await first.send()
      const live = await until(
        async () => {
          const open = await openLive()
          return open?.source === 'rtmp' ? open : undefined
        },
        15_000,
        'the live on air from the publisher',
      )
      // Viewers' playlist, through the site: parts of the browser's own H.264 (no re-encode).
      const playlist = await until(
        async () => {
          const r = await site.server.get(`/hls/${ROOM}/live/source/ll.m3u8`)
          const text = r.ok ? await r.text() : ''
          return text.includes('#EXT-X-PART:') ? text : undefined
        },
        20_000,
        'parts in the playlist',
      )
      expect(playlist).toContain('#EXT-X-PART-INF')
      const status = (await (
        await fetch(`${site.mediaOrigin}/lives/${ROOM}/status.json`)
      ).json()) as { video: { codec: string }; audio: { codec: string } }
      expect(status.video.codec).toMatch(/^avc1\./)
      expect(status.audio.codec).toMatch(/^mp4a\./)
      expect(first.plis).toBeGreaterThan(0)

      // A second publisher for the room on air: 409, and the live goes on from the first.
      const intruder = await publisher().publish(url, await key())
      expect(intruder.status).toBe(409)
      // A DELETE with another room's key: 403, the session stays.
      const db = site.server.database.db
      const other = await db
        .selectFrom('rooms')
        .select('id')
        .where('id', '!=', site.roomId)
        .executeTakeFirstOrThrow()
      await db
        .updateTable('rooms')
        .set({ stream_key: 'other_room_key_for_the_test' })
        .where('id', '=', other.id)
        .execute()
      expect(await first.end('other_room_key_for_the_test')).toBe(403)
      await new Promise((r) => setTimeout(r, 1500))
      expect((await hostStatus())?.receiving).toBe(true)
      expect((await openLive())?.id).toBe(live.id)

      // The publisher ends its session: the live waits for it, and a new POST continues it.
      expect(await first.end(await key())).toBe(200)
      await until(async () => (await openLive())?.ingest_lost_at, 5000, 'the live interrupted')
      const second = publisher()
      const again = await second.publish(url, await key())
      expect(again.status, again.text).toBe(201)
      await second.send()
      await until(
        async () => (await openLive())?.ingest_lost_at === null,
        15_000,
        'the live continuing',
      )
      expect((await openLive())?.id).toBe(live.id)

      // The camera stops while the sound goes on (the page in the background): viewers are told
      // the live is interrupted, not left with a frozen picture; the camera back, it goes on.
      const stalledAt = async () =>
        (
          await site.server.database.db
            .selectFrom('lives')
            .select('ingest_stalled_at')
            .where('id', '=', live.id)
            .executeTakeFirstOrThrow()
        ).ingest_stalled_at
      second.videoPaused = true
      await until(async () => (await stalledAt()) !== null, 8000, 'the live interrupted')
      // Past ffmpeg's interleaving wait (10 s), its fragments carry sound alone: still away.
      await new Promise((r) => setTimeout(r, 12_000))
      expect(await stalledAt(), 'sound alone does not bring it back').not.toBeNull()
      second.videoPaused = false
      await until(async () => (await stalledAt()) === null, 8000, 'the live back')

      // The publisher goes silent without a DELETE (its network went): a new POST with the key
      // takes over once it has sent nothing for 3 s, and the same live goes on from the new one.
      second.goSilent()
      await new Promise((r) => setTimeout(r, 3500))
      const third = publisher()
      const takeover = await third.publish(url, await key())
      expect(takeover.status, takeover.text).toBe(201)
      const tookOver = Date.now()
      await third.send()
      await until(
        () => Promise.resolve((site.host.lives.get(ROOM)?.source.lastDataAt ?? 0) > tookOver + 500),
        15_000,
        'the new publisher packaged',
      )
      expect((await openLive())?.id).toBe(live.id)

      // A replaced key: refused, and the live on air is untouched.
      const old = await key()
      expect((await rotateKey(site.liver, site.roomId)).status).toBe(200)
      expect((await publisher().publish(url, old)).status).toBe(401)
    },
  )
})
