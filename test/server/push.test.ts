import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { rawWs } from './raw-ws.ts'
import { connect, liveOf } from './socket.ts'

const fixture = (name: string) =>
  JSON.parse(
    fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../shared/fixtures/showroom-api', name),
      'utf8',
    ),
  ) as Record<string, unknown>

const settle = () => new Promise((r) => setTimeout(r, 50))

describe.each(await testEngines())('push socket and comments on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let room: { roomId: number; liveId: number; key: string }

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    room = await liveOf(server, 'kirari_hoshino')
  })
  afterAll(() => server.close())

  it('answers live_info in the recorded shape, pointing at our own socket', async () => {
    const { body } = await viewer.json(`/api/live/live_info?room_id=${room.roomId}`)
    // The recorded fields, plus the rest of SPEC.md §3 live info (entities.test.ts checks them).
    expect(Object.keys(body).sort()).toEqual(
      [
        ...Object.keys(fixture('live_info.json')),
        'is_fav',
        'did_send_live_bad_report',
        'is_owner',
        'can_comment',
        'live_user_key',
        'room_url_key',
        'share',
        'started_at',
        'is_live',
        'broadcast_key',
        'broadcast_host',
        'broadcast_port',
        'is_official',
        'image_s',
        'genre_id',
        'youtube_id',
        'nsta_owner',
        // SPEC §3 live info: also is_abroad, is_under_16, is_under_18.
        'is_abroad',
        'is_under_16',
        'is_under_18',
        // Kirari's: the OBS live's video stopped (issue #38).
        'is_interrupted',
      ].sort(),
    )
    // The demo viewer is 25 and in Japan.
    expect(body).toMatchObject({ is_under_16: false, is_under_18: false, is_abroad: false })
    expect(body.is_interrupted).toBe(false)
    expect(body).toMatchObject({
      live_status: 2,
      bcsvr_key: room.key,
      live_id: room.liveId,
      bcsvr_host: '127.0.0.1',
    })
    expect(body.bcsvr_port).toBe(server.port)
  })

  it('pushes a posted comment to subscribers as MSG with the t:1 fields, and answers PING', async () => {
    const a = await connect(server)
    const b = await connect(server)
    a.ws.send(`SUB\t${room.key}`)
    b.ws.send('SUB\tother:room')
    a.ws.send('PING\tshowroom')
    expect(await a.waitFor((f) => f.startsWith('ACK'))).toBe('ACK\tshowroom')
    await settle()

    const posted = await viewer.postForm('/api/live/post_live_comment', {
      live_id: String(room.liveId),
      comment: 'こんばんは！',
    })
    expect(posted.body).toMatchObject({
      comment: 'こんばんは！',
      mission: { has_achievement: false },
    })

    const frame = await a.waitFor((f) => f.startsWith('MSG'))
    const [verb, key, json] = frame.split('\t')
    expect(verb).toBe('MSG')
    expect(key).toBe(room.key)
    const payload = JSON.parse(json ?? '{}') as Record<string, unknown>
    const sample =
      (fixture('broadcast_ws_messages.json').frames as Array<{ payload?: { t?: string } }>).find(
        (f) => f.payload?.t === '1',
      )?.payload ?? {}
    expect(Object.keys(payload).sort()).toEqual(Object.keys(sample).sort())
    expect(payload).toMatchObject({ cm: 'こんばんは！', ac: 'デモ視聴者', t: '1' })
    expect(b.frames.filter((f) => f.startsWith('MSG'))).toEqual([])

    a.ws.send('QUIT')
    await new Promise((resolve) => a.ws.once('close', resolve))
    b.ws.close()
  })

  it('keeps every comment in comment_log, newest first, so a reconnecting client can backfill', async () => {
    for (const text of ['一', '二', '三']) {
      await viewer.postForm('/api/live/post_live_comment', {
        live_id: String(room.liveId),
        comment: text,
      })
      await new Promise((r) => setTimeout(r, 2100 / 3))
    }
    const { body } = await viewer.json(`/api/live/comment_log?room_id=${room.roomId}`)
    const log = body.comment_log as Array<Record<string, unknown>>
    expect(log.slice(0, 3).map((c) => c.comment)).toEqual(['三', '二', '一'])
    const sample =
      (fixture('comment_log.json').comment_log as Array<Record<string, unknown>>)[0] ?? {}
    for (const key of [
      'ua',
      'avatar_id',
      'aft',
      'avatar_url',
      'name',
      'created_at',
      'comment',
      'user_id',
    ]) {
      expect(Object.keys(log[0] ?? {}), key).toContain(key)
      expect(typeof log[0]?.[key], key).toBe(typeof sample[key])
    }
  })

  it('refuses comments that are empty, too long, from anonymous or not SMS-authenticated users', async () => {
    const post = (c: TestClient, comment: string) =>
      c.postForm('/api/live/post_live_comment', { live_id: String(room.liveId), comment })
    expect((await post(viewer, '   ')).status).toBe(400)
    expect((await post(viewer, 'あ'.repeat(51))).status).toBe(400)
    expect((await post(new TestClient(server.url), 'hi')).status).toBe(401)

    const fresh = new TestClient(server.url)
    await fresh.signUp({ account_id: `nosms_${engine}`, password: 'no-sms-pass', name: 'SMSなし' })
    const refused = await post(fresh, 'hi')
    expect(refused.status).toBe(403)
    expect((refused.body.errors as Array<{ error_type: string }>)[0]?.error_type).toBe(
      'SMS_NOT_AUTHENTICATED',
    )
  })

  it('limits a user to 5 comments in 10 seconds', async () => {
    const liver = new TestClient(server.url)
    await liver.login('demo_liver', 'kirari-demo')
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await liver.postForm('/api/live/post_live_comment', {
            live_id: String(room.liveId),
            comment: `連投${i}`,
          })
        ).status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })

  it('cuts off a socket that does not read, while the others keep receiving', async () => {
    const slow = await rawWs(Number(new URL(server.url).port))
    const fast = await connect(server)
    slow.sendText('SUB\tslow:test')
    fast.ws.send('SUB\tslow:test')
    await settle()
    // Stop reading on the slow client: its TCP window fills and the server's buffer grows.
    slow.socket.pause()
    const big = { cm: 'x'.repeat(2000), t: '1' }
    // 8 MB in batches a reading client drains between, as a busy room would send them.
    for (let batch = 0; batch < 40 && server.hub.subscriberCount('slow:test') === 2; batch++) {
      for (let i = 0; i < 100; i++) server.hub.publish('slow:test', big)
      await new Promise((r) => setTimeout(r, 20))
    }
    await expect.poll(() => server.hub.subscriberCount('slow:test'), { timeout: 5000 }).toBe(1)
    expect(fast.ws.readyState).toBe(WebSocket.OPEN)
    expect(fast.frames.length).toBeGreaterThan(0)
    fast.ws.close()
    slow.socket.destroy()
  })
})
