import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGULATION } from '../../src/domain/regulation.ts'
import {
  RESTART_WINDOW_MS,
  TIME_TO_RESTART_EXCEEDED,
  startLive,
} from '../../server/services/lives.ts'
import { ApiError } from '../../server/errors.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

/** A moment at hh:mm Tokyo time (UTC+9), today. */
const tokyoToday = (h: number, m = 0) => {
  const now = new Date(Date.now() + 9 * 3_600_000)
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h - 9, m)
}

describe.each(await testEngines())('lives and regulation on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let liver: TestClient
  let live: Awaited<ReturnType<typeof liveOf>>

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = new TestClient(server.url)
    liver = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    await liver.login('demo_liver', 'kirari-demo')
    live = await liveOf(server, 'demo_liver_room')
  })
  afterAll(() => server.close())

  it('refuses every owner call to someone who does not own the room (403)', async () => {
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/encoder/live_start', { room_id: String(live.roomId) }],
      ['/api/encoder/live_end', { live_id: String(live.liveId) }],
      ['/api/encoder/post_telop', { live_id: String(live.liveId), telop: 'x' }],
      ['/api/encoder/delete_telop', { live_id: String(live.liveId) }],
      ['/api/encoder/enquete_start', { live_id: String(live.liveId), options: '2' }],
      ['/api/encoder/enquete_end', { live_id: String(live.liveId) }],
      [
        '/api/room/upsert_room_regulation',
        { room_id: String(live.roomId), is_under_18_room_regulation: '1' },
      ],
      ['/api/room/welcome_comment', { room_id: String(live.roomId), comment: 'x' }],
    ]
    calls.push(['/api/obs/obs_key', { room_id: String(live.roomId) }])
    for (const [path, body] of calls) {
      const { status } = await viewer.postForm(path, body)
      expect(status, path).toBe(403)
    }
    for (const path of [
      `/api/obs/obs_key?room_id=${live.roomId}`,
      `/api/encoder/stream_url?room_id=${live.roomId}`,
    ]) {
      expect((await viewer.json(path)).status, path).toBe(403)
    }
    const removeWelcome = await viewer.json(`/api/room/welcome_comment?room_id=${live.roomId}`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': await viewer.csrf() },
    })
    expect(removeWelcome.status).toBe(403)
  })

  it('tells the owner who followed during the live (an owner-only system log, t:202), once', async () => {
    const status = async (c: typeof viewer) =>
      (await c.json(`/api/room/status?room_url_key=${live.urlKey}`)).body
    // The owner's private key is told to the owner only; viewers on the public key see nothing.
    const ownerKey = (await status(liver)).owner_broadcast_key as string
    expect(ownerKey).toMatch(/^owner:\w{32}$/)
    expect((await status(viewer)).owner_broadcast_key).toBe('')
    const socket = await connect(server)
    socket.ws.send(`SUB\t${ownerKey}`)
    const publicSocket = await connect(server)
    publicSocket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    await viewer.postForm('/api/room/follow', { room_id: String(live.roomId), flag: '1' })
    const frame = await socket.waitFor((f) => f.includes('"t":202'))
    expect(publicSocket.frames.filter((f) => f.includes('"t":202'))).toHaveLength(0)
    publicSocket.ws.close()
    expect(payloadOf(frame)).toMatchObject({
      target_type: 2,
      text: 'デモ視聴者さんがフォローしました',
    })
    // Following again changes nothing and says nothing.
    await viewer.postForm('/api/room/follow', { room_id: String(live.roomId), flag: '1' })
    await new Promise((r) => setTimeout(r, 200))
    expect(socket.frames.filter((f) => f.includes('"t":202'))).toHaveLength(1)
    await viewer.postForm('/api/room/follow', { room_id: String(live.roomId), flag: '0' })
    socket.ws.close()
  })

  it('ends a live (t:101, polling says live_end), restarts it within the window, not after', async () => {
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    const busy = await liver.postForm('/api/encoder/live_start', { room_id: String(live.roomId) })
    expect(busy.status).toBe(409)
    const badFlag = await liver.postForm('/api/encoder/live_start', {
      room_id: String(live.roomId),
      is_restart: '2',
    })
    expect(badFlag.status).toBe(400)
    const tooMany = await liver.postForm('/api/encoder/enquete_start', {
      live_id: String(live.liveId),
      options: '100',
    })
    expect(tooMany.status).toBe(400)

    const ended = await liver.postForm('/api/encoder/live_end', { live_id: String(live.liveId) })
    expect(ended.status).toBe(200)
    await socket.waitFor((f) => f.includes('"t":101'))
    socket.ws.close()
    const polling = await viewer.json(`/api/live/polling?room_id=${live.roomId}`)
    expect(polling.body).toEqual({ live_end: 1, invalid: 1 })

    const restarted = await liver.postForm('/api/encoder/live_start', {
      room_id: String(live.roomId),
      is_restart: '1',
    })
    expect(restarted.body).toMatchObject({ ok: 1, live_id: live.liveId, is_restart: true })

    await liver.postForm('/api/encoder/live_end', { live_id: String(live.liveId) })
    await server.database.db
      .updateTable('lives')
      .set({ ended_at: new Date(Date.now() - RESTART_WINDOW_MS - 1000) })
      .where('id', '=', live.liveId)
      .execute()
    const late = await liver.postForm('/api/encoder/live_start', {
      room_id: String(live.roomId),
      is_restart: '1',
    })
    expect(late.status).toBe(400)
    expect(errorOf(late.body)?.error_type).toBe(TIME_TO_RESTART_EXCEEDED)

    const fresh = await liver.postForm('/api/encoder/live_start', { room_id: String(live.roomId) })
    expect(fresh.status).toBe(200)
    expect(fresh.body.live_id).not.toBe(live.liveId)
    const info = (await viewer.json(`/api/live/live_info?room_id=${live.roomId}`)).body
    expect(info).toMatchObject({
      live_id: fresh.body.live_id,
      is_under_18: false,
      is_abroad: false,
    })
  })

  it('reports regulation: 2 for a minor owner or a marked room, 0 otherwise; only the owner marks', async () => {
    const minorRoom = await server.database.db
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'minor_hina')
      .executeTakeFirstOrThrow()
    const check = async (roomId: number) =>
      (await viewer.json(`/api/room/check_room_regulation?room_id=${roomId}`)).body
    expect((await check(minorRoom.id)).under_18_room_regulation_status).toBe(REGULATION.limited)
    expect((await check(live.roomId)).under_18_room_regulation_status).toBe(REGULATION.none)
    const marked = await liver.postForm('/api/room/upsert_room_regulation', {
      room_id: String(live.roomId),
      is_under_18_room_regulation: '1',
    })
    expect(marked.body).toEqual({ ok: 1, under_18_room_regulation_status: REGULATION.limited })
    expect(await check(live.roomId)).toMatchObject({
      under_18_room_regulation_status: REGULATION.limited,
      under_18_live_regulation_status: REGULATION.limited,
    })
    await liver.postForm('/api/room/upsert_room_regulation', {
      room_id: String(live.roomId),
      is_under_18_room_regulation: '0',
    })
    expect((await check(live.roomId)).under_18_room_regulation_status).toBe(REGULATION.none)
    const unclear = await liver.postForm('/api/room/upsert_room_regulation', {
      room_id: String(live.roomId),
      is_under_18_room_regulation: 'yes',
    })
    expect(unclear.status).toBe(400)
  })

  it("refuses to start a regulated minor's live outside the window, and starts it inside", async () => {
    const db = server.database.db
    const minorRoom = await db
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'minor_hina')
      .executeTakeFirstOrThrow()
    // demo_minor is 15: the under-16 window, 05:00 to before 20:00 Tokyo time.
    for (const [h, m] of [
      [4, 59],
      [20, 0],
      [23, 30],
    ] as const) {
      const refused = await startLive(db, minorRoom, {
        restart: false,
        abroad: false,
        nowMs: tokyoToday(h, m),
      }).catch((e: unknown) => e)
      expect(refused, `${h}:${m}`).toBeInstanceOf(ApiError)
      expect((refused as ApiError).status).toBe(403)
    }
    // From abroad the window does not apply.
    const abroad = await startLive(db, minorRoom, {
      restart: false,
      abroad: true,
      nowMs: tokyoToday(23, 30),
    })
    await db
      .updateTable('lives')
      .set({ ended_at: new Date() })
      .where('id', '=', abroad.live_id)
      .execute()
    const inside = await startLive(db, minorRoom, {
      restart: false,
      abroad: false,
      nowMs: tokyoToday(19, 59),
    })
    expect(inside.is_restart).toBe(false)
    await db
      .updateTable('lives')
      .set({ ended_at: new Date() })
      .where('id', '=', inside.live_id)
      .execute()
  })

  it('gives the owner a stream key that can be rotated; nginx-rtmp callbacks start and interrupt the live', async () => {
    const rtmp = (hook: string, name: string) =>
      fetch(`${server.url}/media/rtmp/${hook}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ app: 'live', name, addr: '127.0.0.1' }).toString(),
      })
    expect((await viewer.json(`/api/obs/obs_key?room_id=${live.roomId}`)).status).toBe(403)
    const first = (await liver.json(`/api/obs/obs_key?room_id=${live.roomId}`)).body
    expect(first.stream_url).toBe('rtmp://127.0.0.1:1935/live')
    const urls = (await liver.json(`/api/encoder/stream_url?room_id=${live.roomId}`)).body
    expect(urls.stream_key).toBe(first.obs_key)
    const rotated = (await liver.postForm('/api/obs/obs_key', { room_id: String(live.roomId) }))
      .body
    expect(rotated.obs_key).not.toBe(first.obs_key)

    // Off air first, then OBS connects.
    const current = await server.database.db
      .selectFrom('lives')
      .select('id')
      .where('room_id', '=', live.roomId)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
    if (current) await liver.postForm('/api/encoder/live_end', { live_id: String(current.id) })
    expect((await rtmp('on_publish', String(first.obs_key))).status).toBe(403)
    expect((await rtmp('on_publish', 'wrong')).status).toBe(403)
    const accepted = await rtmp('on_publish', String(rotated.obs_key))
    expect(accepted.status).toBe(200)
    // The media host names the live's playlists by the room, never by the key.
    expect(await accepted.json()).toEqual({ room_url_key: 'demo_liver_room' })
    const onAir = (await viewer.json(`/api/room/status?room_url_key=demo_liver_room`)).body
    expect(onAir.is_live).toBe(true)
    const stream = (await viewer.json(`/api/live/streaming_url?room_id=${live.roomId}`)).body
    expect((stream.streaming_url_list as Array<{ url: string }>)[0]?.url).toMatch(
      /\/hls\/demo_liver_room\/live\/abr\.m3u8$/,
    )
    // The end of a publish interrupts the live (obs-reconnect.test.ts): OBS may be back soon.
    expect((await rtmp('on_publish_done', String(rotated.obs_key))).status).toBe(200)
    const away = (await viewer.json(`/api/room/status?room_url_key=demo_liver_room`)).body
    expect(away.is_live).toBe(true)
    const info = (await viewer.json(`/api/live/live_info?room_id=${live.roomId}`)).body
    expect(info.is_interrupted).toBe(true)
  })
})

describe('nginx-rtmp callbacks with a shared secret', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RTMP_CALLBACK_SECRET: 's3cret' })
  })
  afterAll(() => server.close())

  it('refuses a callback without the secret, even from this machine', async () => {
    const key = await server.database.db
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'minor_hina')
      .executeTakeFirstOrThrow()
    const call = (secret?: string) =>
      fetch(`${server.url}/media/rtmp/on_publish_done`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(secret === undefined ? {} : { 'X-Kirari-Media-Secret': secret }),
        },
        body: new URLSearchParams({ name: `${key.id}_nokey` }).toString(),
      })
    expect((await call()).status).toBe(403)
    expect((await call('wrong')).status).toBe(403)
    expect((await call('s3cret')).status).toBe(200)
  })
})
