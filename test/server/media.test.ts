import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  demoSegments,
  livePlaylist,
  liveSegment,
  periodSegments,
  segmentFor,
} from '../../server/media/demo-channel.ts'
import { readTimestamps, shiftTimestamps } from '../../server/media/mpegts.ts'
import { startTestServer, type TestServer } from './harness.ts'

describe('demo live channel', () => {
  const started = Date.UTC(2026, 10, 22, 12, 0, 0)
  it('slides with the clock from the start of the live and marks each loop with a discontinuity', () => {
    const at = (s: number) => livePlaylist(started + s * 1000, started, 6)
    const first = at(120)
    // 60 segments since the start; the newest complete one is 59 and five are listed.
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:55')
    expect(first).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:9')
    expect(first.match(/^\d+\.ts$/gm)).toEqual(['55.ts', '56.ts', '57.ts', '58.ts', '59.ts'])
    expect(at(126)).toContain(
      '#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:2026-11-22T12:02:00.000Z\n#EXTINF:2.000,\n60.ts',
    )
    expect(at(122)).toContain('#EXT-X-MEDIA-SEQUENCE:56')
    // A live that has only just started still lists a full window.
    expect(at(0).match(/^\d+\.ts$/gm)).toHaveLength(5)
    expect(segmentFor(61, 6)).toBe(1)
  })

  it('keeps timestamps running across loops of the clip, restarting once a period', () => {
    const segments = demoSegments('source')
    const n = segments.length
    const startOf = (seq: number) => {
      const segment = liveSegment(seq, segments)
      if (!segment) throw new Error('no segment')
      return Math.min(...readTimestamps(segment).pts)
    }
    const step = 2 * 90_000
    // Across the join from the clip's last segment to its first, time moves on by one segment.
    expect(startOf(n) - startOf(0)).toBe(n * step)
    expect(startOf(3 * n + 2) - startOf(2)).toBe(3 * n * step)
    // PCRs move with the PTS, so decoders keep one clock.
    const pcr = readTimestamps(liveSegment(n, segments) ?? new Uint8Array()).pcr
    expect(Math.min(...pcr)).toBe(
      Math.min(...readTimestamps(segments[0] ?? new Uint8Array()).pcr) + n * step,
    )
    // A new period starts the timeline again (the playlist marks it with its loop discontinuity).
    const period = periodSegments(n)
    expect(period % n).toBe(0)
    expect(startOf(period)).toBe(startOf(0))
  })

  it('shifts 33-bit timestamps modulo 2^33 and leaves the payload alone', () => {
    const segment = demoSegments('low')[0] ?? new Uint8Array()
    const before = readTimestamps(segment)
    const wrapped = shiftTimestamps(segment, 2 ** 33 - 90_000)
    const after = readTimestamps(wrapped)
    expect(after.pts[0]).toBe((before.pts[0] ?? 0) - 90_000)
    expect(wrapped.length).toBe(segment.length)
    expect(shiftTimestamps(segment, 0)).toEqual(new Uint8Array(segment))
  })

  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it('serves a live playlist and playable segments for rooms on air only', async () => {
    const master = await (await server.get('/hls/kirari_hoshino/abr.m3u8')).text()
    expect(master.match(/^\w+\/index\.m3u8$/gm)).toEqual(['source/index.m3u8', 'low/index.m3u8'])
    const playlist = await server.get('/hls/kirari_hoshino/source/index.m3u8')
    expect(playlist.status).toBe(200)
    expect(playlist.headers.get('content-type')).toBe('application/x-mpegURL')
    const text = await playlist.text()
    const segment = /^(\d+\.ts)$/m.exec(text)?.[1] ?? ''
    const ts = await server.get(`/hls/kirari_hoshino/source/${segment}`)
    expect(ts.headers.get('content-type')).toBe('video/mp2t')
    const bytes = new Uint8Array(await ts.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(10_000)
    expect(bytes[0]).toBe(0x47) // MPEG-TS sync byte
    expect((await server.get('/hls/sports_ken/source/index.m3u8')).status).toBe(404)
    expect((await server.get('/hls/kirari_hoshino/huge/index.m3u8')).status).toBe(404)
  })

  it('answers streaming_url with hls_all on air and {} off air', async () => {
    const rooms = await server.database.db
      .selectFrom('rooms')
      .select(['id', 'room_url_key'])
      .execute()
    const on = rooms.find((r) => r.room_url_key === 'kirari_hoshino')
    const off = rooms.find((r) => r.room_url_key === 'sports_ken')
    const body = (await (await server.get(`/api/live/streaming_url?room_id=${on?.id}`)).json()) as {
      streaming_url_list: Array<{ type: string; url: string; label: string }>
    }
    expect(body.streaming_url_list[0]).toMatchObject({ type: 'hls_all', id: 100, label: '自動' })
    expect(body.streaming_url_list[0]?.url).toMatch(/\/hls\/kirari_hoshino\/abr\.m3u8$/)
    const hls = body.streaming_url_list.filter((s) => s.type === 'hls')
    expect(hls.map((s) => s.label)).toEqual(['オリジナル画質', '低画質'])
    // The demo channels are plain HLS: no playlist is called low-latency.
    expect(body.streaming_url_list.filter((s) => s.type === 'lhls')).toHaveLength(0)
    // Every advertised playlist answers.
    for (const entry of body.streaming_url_list) {
      const path = new URL(entry.url).pathname
      expect((await server.get(path)).status, path).toBe(200)
    }
    expect(await (await server.get(`/api/live/streaming_url?room_id=${off?.id}`)).json()).toEqual(
      {},
    )
  })
})
