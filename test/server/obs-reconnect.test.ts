import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OBS_RECONNECT_GRACE_MS, endLostLives } from '../../server/services/rtmp-ingest.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { OBS_ROOM as ROOM, endLive, logInLiver, obsKeyOf } from './obs-fixtures.ts'
import { connect, payloadOf } from './socket.ts'

const settle = () => new Promise((r) => setTimeout(r, 50))

/** The media host's call, as it makes it: a form body, or JSON. */
const callback = (base: string, hook: string, fields: Record<string, string>, json = false) =>
  fetch(`${base}/media/rtmp/${hook}`, {
    method: 'POST',
    headers: { 'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded' },
    body: json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  })

describe.each(await testEngines())('OBS reconnects and stalls on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let liver: TestClient
  let key: string
  let roomId: number
  const rtmp = (hook: string, fields: Record<string, string> = {}, json = false) =>
    callback(server.url, hook, { app: 'live', name: key, ...fields }, json)
  const openLive = () =>
    server.database.db
      .selectFrom('lives')
      .select(['id', 'bcsvr_key', 'source', 'ingest_lost_at', 'ingest_stalled_at'])
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
  const liveInfo = async () =>
    (await viewer.json(`/api/live/live_info?room_id=${roomId}`)).body as {
      live_id: number
      is_interrupted: boolean
    }
  /** The frames 205 a subscriber of `liveKey` got, in order. */
  const interruptions = (frames: string[], liveKey: string) =>
    frames
      .filter((f) => f.startsWith(`MSG\t${liveKey}\t`) && String(payloadOf(f).t) === '205')
      .map((f) => {
        const { t, interrupted, reason, created_at } = payloadOf(f)
        expect(t).toBe(205)
        expect(created_at).toEqual(expect.any(Number))
        return { interrupted, reason }
      })

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    ;({ liver, roomId } = await logInLiver(server))
    key = await obsKeyOf(liver, roomId)
    // Off air first: OBS starts the live.
    const demo = await openLive()
    if (demo) await endLive(liver, demo)
  })
  afterAll(() => server.close())

  it('continues the same live when the encoder is back within the grace; viewers are told both ways', async () => {
    const accepted = await rtmp('on_publish')
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toEqual({ room_url_key: ROOM })
    const live = await openLive()
    if (!live) throw new Error('on_publish started no live')
    expect(live.source).toBe('rtmp')
    expect(await liveInfo()).toMatchObject({ live_id: live.id, is_interrupted: false })
    const posted = await viewer.postForm('/api/live/post_live_comment', {
      live_id: String(live.id),
      comment: '待ってるよ',
    })
    expect(posted.status).toBe(200)
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.bcsvr_key}`)
    await settle()

    expect((await rtmp('on_publish_done')).status).toBe(200)
    // Interrupted, not ended: still on air, and a viewer opening the room now sees it.
    expect((await openLive())?.id).toBe(live.id)
    expect((await viewer.json(`/api/room/status?room_url_key=${ROOM}`)).body.is_live).toBe(true)
    expect(await liveInfo()).toMatchObject({ live_id: live.id, is_interrupted: true })
    await socket.waitFor((f) => interruptions([f], live.bcsvr_key).length > 0)
    expect(interruptions(socket.frames, live.bcsvr_key)).toEqual([
      { interrupted: true, reason: 'disconnected' },
    ])
    // Within the grace the sweep leaves it alone.
    const lostAt = (await openLive())?.ingest_lost_at
    if (!lostAt) throw new Error('on_publish_done did not mark the live')
    expect(
      await endLostLives(
        server.database.db,
        server.hub,
        new Date(lostAt.getTime() + OBS_RECONNECT_GRACE_MS - 1000),
      ),
    ).toEqual([])

    const again = await rtmp('on_publish')
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ room_url_key: ROOM })
    const resumed = await openLive()
    expect(resumed).toMatchObject({ id: live.id, ingest_lost_at: null, ingest_stalled_at: null })
    expect(await liveInfo()).toMatchObject({ live_id: live.id, is_interrupted: false })
    await socket.waitFor((f) => payloadOf(f).interrupted === false)
    expect(interruptions(socket.frames, live.bcsvr_key)).toEqual([
      { interrupted: true, reason: 'disconnected' },
      { interrupted: false, reason: 'disconnected' },
    ])
    // The same live: its comment log is intact, no second live was made.
    const log = (await viewer.json(`/api/live/comment_log?room_id=${roomId}`)).body
      .comment_log as Array<{ comment: string }>
    expect(log.map((c) => c.comment)).toContain('待ってるよ')
    const lives = await server.database.db
      .selectFrom('lives')
      .select('id')
      .where('room_id', '=', roomId)
      .where('id', '>=', live.id)
      .execute()
    expect(lives).toEqual([{ id: live.id }])
    // Back, it never ends by the sweep, however late it runs.
    expect(
      await endLostLives(server.database.db, server.hub, new Date(Date.now() + 10 * 60_000)),
    ).toEqual([])
    expect((await openLive())?.id).toBe(live.id)
    socket.ws.close()
  })

  it('marks a stall and its end, with one frame each; a stall alone never ends the live', async () => {
    const live = await openLive()
    if (!live) throw new Error('no live on air')
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.bcsvr_key}`)
    await settle()

    expect((await rtmp('on_stall', { stalled: '1' })).status).toBe(200)
    expect(await liveInfo()).toMatchObject({ is_interrupted: true })
    const stalledAt = (await openLive())?.ingest_stalled_at
    expect(stalledAt).toBeInstanceOf(Date)
    // Said twice (the host retrying): nothing new for viewers, the first moment kept.
    expect((await rtmp('on_stall', { stalled: '1' })).status).toBe(200)
    expect((await openLive())?.ingest_stalled_at).toEqual(stalledAt)
    expect(
      await endLostLives(server.database.db, server.hub, new Date(Date.now() + 10 * 60_000)),
    ).toEqual([])
    expect((await openLive())?.id).toBe(live.id)

    // JSON works as well as a form.
    expect((await rtmp('on_stall', { stalled: '0' }, true)).status).toBe(200)
    expect(await liveInfo()).toMatchObject({ is_interrupted: false })
    await socket.waitFor((f) => payloadOf(f).interrupted === false)
    expect(interruptions(socket.frames, live.bcsvr_key)).toEqual([
      { interrupted: true, reason: 'stalled' },
      { interrupted: false, reason: 'stalled' },
    ])
    // A word that is neither: refused, nothing changed.
    expect((await rtmp('on_stall', { stalled: 'yes' })).status).toBe(400)
    expect((await openLive())?.ingest_stalled_at).toBeNull()
    // A stall the disconnection then outranks: viewers hear the new reason; the publish clears both.
    await rtmp('on_stall', { stalled: '1' })
    await rtmp('on_publish_done')
    await rtmp('on_publish')
    await socket.waitFor(() => interruptions(socket.frames, live.bcsvr_key).length === 5)
    expect(interruptions(socket.frames, live.bcsvr_key).slice(2)).toEqual([
      { interrupted: true, reason: 'stalled' },
      { interrupted: true, reason: 'disconnected' },
      { interrupted: false, reason: 'disconnected' },
    ])
    expect(await openLive()).toMatchObject({
      id: live.id,
      ingest_lost_at: null,
      ingest_stalled_at: null,
    })
    socket.ws.close()
  })

  it('ends the live once when the encoder stays away past the grace; the next publish starts a new one', async () => {
    const live = await openLive()
    if (!live) throw new Error('no live on air')
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.bcsvr_key}`)
    await settle()
    expect((await rtmp('on_publish_done')).status).toBe(200)
    const lostAt = (await openLive())?.ingest_lost_at
    if (!lostAt) throw new Error('on_publish_done did not mark the live')
    // A second notice keeps the moment the encoder went: the grace is not stretched.
    expect((await rtmp('on_publish_done')).status).toBe(200)
    expect((await openLive())?.ingest_lost_at).toEqual(lostAt)

    const at = (ms: number) => new Date(lostAt.getTime() + ms)
    expect(
      await endLostLives(server.database.db, server.hub, at(OBS_RECONNECT_GRACE_MS - 1)),
    ).toEqual([])
    expect(await openLive()).toBeDefined()
    expect(
      await endLostLives(server.database.db, server.hub, at(OBS_RECONNECT_GRACE_MS + 1)),
    ).toEqual([live.id])
    // Idempotent: a second sweep (another process, or the next tick) ends nothing more.
    expect(
      await endLostLives(server.database.db, server.hub, at(OBS_RECONNECT_GRACE_MS + 5000)),
    ).toEqual([])
    expect(await openLive()).toBeUndefined()
    expect((await viewer.json(`/api/room/status?room_url_key=${ROOM}`)).body.is_live).toBe(false)
    await socket.waitFor((f) => f.startsWith(`MSG\t${live.bcsvr_key}\t`) && payloadOf(f).t === 101)
    await settle()
    expect(socket.frames.filter((f) => payloadOf(f).t === 101)).toHaveLength(1)

    // Too late to continue: OBS coming back now starts a new live.
    expect((await rtmp('on_publish')).status).toBe(200)
    const next = await openLive()
    if (!next) throw new Error('on_publish started no live')
    expect(next.id).toBeGreaterThan(live.id)
    expect(next).toMatchObject({ ingest_lost_at: null, ingest_stalled_at: null })
    socket.ws.close()

    // A live the sweep ended and its owner restarts (SPEC §9) is on air again, not lost still.
    await rtmp('on_publish_done')
    const gone = (await openLive())?.ingest_lost_at
    if (!gone) throw new Error('on_publish_done did not mark the live')
    await endLostLives(
      server.database.db,
      server.hub,
      new Date(gone.getTime() + OBS_RECONNECT_GRACE_MS),
    )
    const restarted = await liver.postForm('/api/encoder/live_start', {
      room_id: String(roomId),
      is_restart: '1',
    })
    expect(restarted.body).toMatchObject({ live_id: next.id, is_restart: true })
    expect(await openLive()).toMatchObject({ id: next.id, ingest_lost_at: null })
    expect(
      await endLostLives(server.database.db, server.hub, new Date(Date.now() + 10 * 60_000)),
    ).toEqual([])
  })

  it('takes the callbacks from the media host only: an unknown key or no live changes nothing', async () => {
    expect((await callback(server.url, 'on_stall', { name: 'nobody', stalled: '1' })).status).toBe(
      200,
    )
    expect((await callback(server.url, 'on_publish', { name: 'nobody' })).status).toBe(403)
    expect(await liveInfo()).toMatchObject({ is_interrupted: false })
  })
})

describe('OBS callbacks from elsewhere', () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address

  it.skipIf(external === undefined)(
    'refuses on_stall and on_publish_done to a caller that is not this machine',
    async () => {
      const server = await startTestServer('pglite', { HOST: '0.0.0.0' })
      try {
        const base = `http://${external}:${server.port}`
        for (const hook of ['on_stall', 'on_publish_done', 'on_publish']) {
          const refused = await callback(base, hook, { name: 'x', stalled: '1' })
          expect(refused.status, hook).toBe(403)
          expect(await refused.text()).toBe('forbidden')
        }
        // The same call from this machine is let in.
        const local = `http://127.0.0.1:${server.port}`
        expect((await callback(local, 'on_stall', { name: 'x', stalled: '1' })).status).toBe(200)
      } finally {
        await server.close()
      }
    },
  )
})

describe('OBS callbacks with a shared secret', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { RTMP_CALLBACK_SECRET: 's3cret' })
  })
  afterAll(() => server.close())

  it('refuses on_stall without the secret in its header, even from this machine', async () => {
    const call = (query: string, secret?: string) =>
      fetch(`${server.url}/media/rtmp/on_stall${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(secret === undefined ? {} : { 'X-Kirari-Media-Secret': secret }),
        },
        body: new URLSearchParams({ name: 'x', stalled: '1' }).toString(),
      })
    expect((await call('')).status).toBe(403)
    expect((await call('', 'wrong')).status).toBe(403)
    // In the query, where logs keep it, the secret is no longer taken.
    expect((await call('?secret=s3cret')).status).toBe(403)
    expect((await call('', 's3cret')).status).toBe(200)
  })
})
