import fs from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OBS_ROOM as ROOM, obsKeyOf, openLiveOf } from './obs-fixtures.ts'
import { WhipPublisher } from './whip-client.ts'
import { startWhipSite, type WhipSite } from './whip-fixtures.ts'

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

async function until<T>(what: () => Promise<T | undefined | false>, ms: number, label: string) {
  const end = Date.now() + ms
  for (;;) {
    const value = await what().catch(() => undefined)
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out: ${label}`)
    await new Promise((r) => setTimeout(r, 100))
  }
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

  beforeAll(async () => {
    site = await startWhipSite('pglite')
  })
  afterEach(async () => {
    for (const p of publishers.splice(0)) await p.close()
  })
  afterAll(async () => {
    await site.close()
  })

  it('starts the live, packages its H.264 into the room’s HLS, and a new POST continues it', async () => {
    const url = await whipUrl()
    expect(url).toBe(`${site.server.url}/whip`)
    const first = publisher()
    const answer = await first.publish(url, await key())
    expect(answer.status, answer.text).toBe(201)
    expect(answer.text).toMatch(/^v=0/)
    expect(first.location).toMatch(/\/whip\/sessions\/[\w-]+$/)
    await first.send()
    // The demo liver's room is on the demo channel: a publish gives that live the browser's video.
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
  })
})
