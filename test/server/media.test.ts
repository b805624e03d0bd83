import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { livePlaylist, segmentFor } from '../../server/media/demo-channel.ts'
import { startTestServer, type TestServer } from './harness.ts'

describe('demo live channel', () => {
  it('slides with the clock and marks each loop of the clip with a discontinuity', () => {
    const at = (s: number) => livePlaylist(s * 1000, 6)
    const first = at(120)
    expect(first).toContain('#EXT-X-MEDIA-SEQUENCE:57')
    expect(first).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:9')
    expect(first.match(/\.ts/g)).toHaveLength(4)
    expect(first).toContain('#EXT-X-DISCONTINUITY\n#EXTINF:2.000,\n60.ts')
    expect(at(122)).toContain('#EXT-X-MEDIA-SEQUENCE:58')
    expect(segmentFor(61, 6)).toBe(1)
  })

  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it('serves a live playlist and playable segments for rooms on air only', async () => {
    const playlist = await server.get('/hls/kirari_hoshino/index.m3u8')
    expect(playlist.status).toBe(200)
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    const text = await playlist.text()
    const segment = /^(\d+\.ts)$/m.exec(text)?.[1] ?? ''
    const ts = await server.get(`/hls/kirari_hoshino/${segment}`)
    expect(ts.headers.get('content-type')).toBe('video/mp2t')
    const bytes = new Uint8Array(await ts.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(10_000)
    expect(bytes[0]).toBe(0x47) // MPEG-TS sync byte
    expect((await server.get('/hls/sports_ken/index.m3u8')).status).toBe(404)
  })

  it('answers streaming_url with hls_all on air and {} off air', async () => {
    const rooms = await server.database.db
      .selectFrom('rooms')
      .select(['id', 'room_url_key'])
      .execute()
    const on = rooms.find((r) => r.room_url_key === 'kirari_hoshino')
    const off = rooms.find((r) => r.room_url_key === 'sports_ken')
    const body = (await (await server.get(`/api/live/streaming_url?room_id=${on?.id}`)).json()) as {
      streaming_url_list: Array<{ type: string; url: string }>
    }
    expect(body.streaming_url_list[0]).toMatchObject({ type: 'hls_all', id: 100, label: '自動' })
    expect(body.streaming_url_list[0]?.url).toMatch(/\/hls\/kirari_hoshino\/index\.m3u8$/)
    expect(await (await server.get(`/api/live/streaming_url?room_id=${off?.id}`)).json()).toEqual(
      {},
    )
  })
})
