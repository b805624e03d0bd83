import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptPublish } from '../../server/services/rtmp-ingest.ts'
import { endLivesPastWindow, publishPreflight } from '../../server/services/stream-window.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { endLive, logInLiver, obsKeyOf, openLiveOf, rotateKey } from './obs-fixtures.ts'

// The streaming windows hold for the media host's publishers (OBS and the browser) on a
// controlled clock (issue #51): a minor cannot start outside the window, whatever is sent, and a
// live that reaches the window's end stops by itself.

/** Tokyo wall-clock time on 2026-12-02 as epoch ms (Tokyo is UTC+9, no summer time). */
const tokyo = (hh: number, mm: number, ss = 0) => Date.UTC(2026, 11, 2, hh - 9, mm, ss)

describe.each(await testEngines())('a minor’s streaming window on %s', (engine) => {
  let server: TestServer
  let roomId: number
  let key: string
  const openLive = () => openLiveOf(server, roomId)

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const logged = await logInLiver(server)
    roomId = logged.roomId
    const demo = await openLive()
    if (demo) expect((await endLive(logged.liver, demo)).status).toBe(200)
    // A new key frees the one the owner's end held.
    expect((await rotateKey(logged.liver, roomId)).status).toBe(200)
    key = await obsKeyOf(logged.liver, roomId)
    // The owner is 15 on that day: 05:00–20:00.
    const owner = await server.database.db
      .selectFrom('rooms')
      .select('owner_user_id')
      .where('id', '=', roomId)
      .executeTakeFirstOrThrow()
    await server.database.db
      .updateTable('users')
      .set({ birthday: 20110101 })
      .where('id', '=', owner.owner_user_id)
      .execute()
  })
  afterAll(() => server.close())

  it('refuses a publisher outside the window before anything starts', async () => {
    const db = server.database.db
    expect(await publishPreflight(db, key, tokyo(4, 59))).toEqual({
      status: 403,
      refused: expect.stringContaining('20時') as unknown,
    })
    expect(await publishPreflight(db, key, tokyo(20, 0))).toMatchObject({ status: 403 })
    expect(await publishPreflight(db, 'nobody_s_key', tokyo(12, 0))).toMatchObject({ status: 401 })
    expect(await publishPreflight(db, key, tokyo(19, 59))).toEqual({
      room_url_key: 'demo_liver_room',
    })
    // A publisher that sends anyway (the start itself checks too): no live.
    const late = await acceptPublish(db, server.hub, key, tokyo(20, 30))
    expect(late).toEqual({ refused: expect.stringContaining('20時') as unknown })
    expect(await openLive()).toBeUndefined()
  })

  it('ends the live when the window closes, and not a second before', async () => {
    const db = server.database.db
    expect(await acceptPublish(db, server.hub, key, tokyo(19, 58))).toEqual({
      room_url_key: 'demo_liver_room',
    })
    const live = await openLive()
    expect(live?.source).toBe('rtmp')
    expect(await endLivesPastWindow(db, server.hub, tokyo(19, 59, 59))).toEqual([])
    expect((await openLive())?.id).toBe(live?.id)
    expect(await endLivesPastWindow(db, server.hub, tokyo(20, 0, 0))).toEqual([live?.id])
    expect(await openLive()).toBeUndefined()
    // Once: a second sweep finds nothing.
    expect(await endLivesPastWindow(db, server.hub, tokyo(20, 0, 5))).toEqual([])
  })
})
