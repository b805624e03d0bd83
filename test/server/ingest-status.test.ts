import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { TestClient } from './client.ts'
import { startTestServer, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

/** What the media host says of the live, as `npm run media` writes it (plus a field of its own). */
const STATUS = {
  receiving: true,
  stalled: false,
  since: 1_764_300_000_000,
  video: {
    codec: 'avc1.64001f',
    width: 1280,
    height: 720,
    frame_rate: 30,
    kbps: 2500,
    keyframe_interval: 2.0,
  },
  audio: { codec: 'mp4a.40.2', kbps: 128 },
  renditions: [
    { name: 'source', width: 1280, height: 720, running: true },
    { name: '360p', width: 640, height: 360, running: true },
  ],
}

type Answer = { status: number; body: string } | 'hang'

/** A tiny media host on a free port: answers what the test sets, and records what was asked. */
async function fakeMediaHost() {
  let answer: Answer = { status: 200, body: JSON.stringify(STATUS) }
  const asked: string[] = []
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '')
    if (answer === 'hang') return
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    asked,
    answer: (next: Answer) => {
      answer = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

describe('GET /api/live/ingest_status (issue #38)', () => {
  let host: Awaited<ReturnType<typeof fakeMediaHost>>
  let server: TestServer
  let liver: TestClient
  let viewer: TestClient
  let live: Awaited<ReturnType<typeof liveOf>>
  const path = () => `/api/live/ingest_status?room_id=${live.roomId}`
  const setSource = (source: 'demo' | 'rtmp') =>
    server.database.db.updateTable('lives').set({ source }).where('id', '=', live.liveId).execute()

  beforeAll(async () => {
    host = await fakeMediaHost()
    server = await startTestServer('pglite', {
      CAPTCHA_FIXED_WORD: 'kirari',
      MEDIA_ORIGIN: host.origin,
    })
    liver = new TestClient(server.url)
    viewer = new TestClient(server.url)
    await liver.login('demo_liver', 'kirari-demo')
    await viewer.login('demo_viewer', 'kirari-demo')
    live = await liveOf(server, 'demo_liver_room')
    await setSource('rtmp')
  })
  afterAll(async () => {
    await server.close()
    await host.close()
  })
  beforeEach(() => {
    host.answer({ status: 200, body: JSON.stringify({ ...STATUS, debug_path: '/var/media' }) })
    host.asked.length = 0
  })

  it("gives the owner what the media host receives for the room's OBS live, parsed", async () => {
    const { status, body } = await liver.json(path())
    expect(status).toBe(200)
    // Exactly the status: the media host's own field is not passed on.
    expect(body).toEqual({ on_air: true, ingest: STATUS })
    expect(host.asked).toEqual(['/lives/demo_liver_room/status.json'])
  })

  it('refuses anyone but the owner as the stream key is refused, without asking the host', async () => {
    const refused = await viewer.json(path())
    const keyRefused = await viewer.json(`/api/obs/obs_key?room_id=${live.roomId}`)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual(keyRefused.body)
    const anonymous = await new TestClient(server.url).json(path())
    expect(anonymous.status).toBe(401)
    expect((await liver.json('/api/live/ingest_status?room_id=999999')).status).toBe(404)
    expect((await liver.json('/api/live/ingest_status?room_id=x')).status).toBe(400)
    expect(host.asked).toEqual([])
  })

  it('never passes a garbage answer on: a 502 with our message', async () => {
    const garbage = [
      { status: 200, body: JSON.stringify({ ...STATUS, receiving: 'yes' }) },
      { status: 200, body: JSON.stringify({ ...STATUS, video: { ...STATUS.video, kbps: -5 } }) },
      { status: 200, body: '<html>oops</html>' },
      { status: 200, body: 'x'.repeat(100_000) },
      { status: 500, body: JSON.stringify(STATUS) },
    ]
    for (const answer of garbage) {
      host.answer(answer)
      const { status, body } = await liver.json(path())
      expect(status, answer.body.slice(0, 40)).toBe(502)
      expect(errorOf(body)?.error_type).toBe('MEDIA_HOST_INVALID')
      expect(errorOf(body)?.error_user_msg).toMatch(/映像の受信サーバー/)
      expect(JSON.stringify(body)).not.toMatch(/oops|yes|-5|xxxx/)
      expect(Object.keys(body)).toEqual(['errors'])
    }
  })

  it('answers null when the host has no live for the room, and for a live not from OBS', async () => {
    host.answer({ status: 404, body: '{"error":"no such live"}' })
    expect((await liver.json(path())).body).toEqual({ on_air: true, ingest: null })
    expect(host.asked).toHaveLength(1)
    await setSource('demo')
    expect((await liver.json(path())).body).toEqual({ on_air: true, ingest: null })
    // A demo live never reaches the media host.
    expect(host.asked).toHaveLength(1)
    await setSource('rtmp')
  })

  it('answers 503 when the media host does not answer within 1.5 s', async () => {
    host.answer('hang')
    const started = Date.now()
    const { status, body } = await liver.json(path())
    expect(status).toBe(503)
    expect(errorOf(body)?.error_type).toBe('MEDIA_HOST_UNREACHABLE')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('answers 503 with a clear message when the media host is down', async () => {
    await host.close()
    const { status, body } = await liver.json(path())
    expect(status).toBe(503)
    expect(errorOf(body)).toEqual({
      error_user_msg:
        '映像の受信サーバーに接続できません。しばらくしてから、もう一度お試しください。',
      error_type: 'MEDIA_HOST_UNREACHABLE',
    })
  })

  it('says off air once the live ended, without asking the host', async () => {
    const ended = await liver.postForm('/api/encoder/live_end', { live_id: String(live.liveId) })
    expect(ended.status).toBe(200)
    expect((await liver.json(path())).body).toEqual({ on_air: false, ingest: null })
  })
})
