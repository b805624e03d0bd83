import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoomBackgroundsAnswer } from '../../src/contract/room-background.ts'
import { backgroundMessages } from '../../server/services/room-backgrounds.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

type Client = Awaited<ReturnType<typeof logInDemo>>['client']

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

describe.each(await testEngines())('room backgrounds on %s', (engine) => {
  let server: TestServer
  let liver: Client
  let liverId: number
  let roomId: number
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const logged = await logInDemo(server, 'demo_liver')
    liver = logged.client
    liverId = logged.userId
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', liverId)
      .executeTakeFirstOrThrow()
    roomId = room.id
  })
  afterAll(() => server.close())

  const state = async () =>
    (await liver.json('/api/room_backgrounds')).body as unknown as RoomBackgroundsAnswer
  const stored = () =>
    db()
      .selectFrom('room_backgrounds_state')
      .selectAll()
      .where('room_id', '=', roomId)
      .executeTakeFirst()
  const favs = () =>
    db()
      .selectFrom('room_background_favs')
      .select('prize_id')
      .where('room_id', '=', roomId)
      .execute()
  const liveInfo = async () =>
    (await liver.json(`/api/live/live_info?room_id=${roomId}`)).body as {
      background_image_url: string | null
    }

  /** Ends the room's open live, if any, and starts a new one. */
  async function newLive() {
    const open = await db()
      .selectFrom('lives')
      .select('id')
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
    if (open) await liver.postForm('/api/encoder/live_end', { live_id: String(open.id) })
    const started = await liver.postForm('/api/encoder/live_start', { room_id: String(roomId) })
    expect(started.status).toBe(200)
  }

  it("lists the owner's backgrounds (the demo's two, the night sky current) with their pictures", async () => {
    const answer = await state()
    expect(answer.current_id).toBe(202)
    expect(answer.is_fixed).toBe(false)
    expect(answer.background_image_url).toBe(`${server.url}/img/background/202.svg`)
    expect(answer.backgrounds.map((b) => [b.id, b.is_current, b.is_favorite])).toEqual([
      [202, true, false],
      [302, false, false],
    ])
    expect(answer.backgrounds[1]).toMatchObject({ name: 'ルーム背景「夜桜」', rarity: 'R' })
    const picture = await server.get('/img/background/302.svg')
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toContain('image/svg+xml')
    expect(await picture.text()).toContain('#be185d')
    // Only background prizes have a landscape.
    expect((await server.get('/img/background/101.svg')).status).toBe(404)
  })

  it('shows the chosen background in live_info, and none after a reset', async () => {
    const chosen = await liver.postJson('/api/room_backgrounds/current', { background_id: 302 })
    expect(chosen.status).toBe(200)
    expect(chosen.body).toMatchObject({ current_id: 302 })
    expect((await liveInfo()).background_image_url).toBe(`${server.url}/img/background/302.svg`)
    const reset = await liver.postJson('/api/room_backgrounds/reset', {})
    expect(reset.body).toMatchObject({ current_id: null, background_image_url: null })
    expect((await liveInfo()).background_image_url).toBeNull()
    expect((await stored())?.current_prize_id).toBeNull()
  })

  it('refuses a background the owner does not hold, and stores nothing', async () => {
    await liver.postJson('/api/room_backgrounds/current', { background_id: 302 })
    const before = await stored()
    // 101 is an avatar; 202 is a background the owner no longer holds (num 0).
    await db()
      .updateTable('user_items')
      .set({ num: 0 })
      .where('user_id', '=', liverId)
      .where('prize_id', '=', 202)
      .execute()
    for (const id of [101, 202, 999]) {
      const refused = await liver.postJson('/api/room_backgrounds/current', { background_id: id })
      expect(refused.status).toBe(400)
      expect(errorOf(refused.body)?.error_user_msg).toBe(backgroundMessages.notOwned)
      const fav = await liver.postJson('/api/room_backgrounds/favorite', {
        background_id: id,
        is_favorite: true,
      })
      expect(fav.status).toBe(400)
    }
    expect(await stored()).toEqual(before)
    expect(await favs()).toEqual([])
    expect((await state()).backgrounds.map((b) => b.id)).toEqual([302])
    await db()
      .updateTable('user_items')
      .set({ num: 1 })
      .where('user_id', '=', liverId)
      .where('prize_id', '=', 202)
      .execute()
  })

  it('refuses a user without a room (403 NO_ROOM) and anyone logged out', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const list = await viewer.client.json('/api/room_backgrounds')
    expect(list.status).toBe(403)
    expect(errorOf(list.body)).toMatchObject({
      error_user_msg: backgroundMessages.noRoom,
      error_type: 'NO_ROOM',
    })
    const post = await viewer.client.postJson('/api/room_backgrounds/reset', {})
    expect(post.status).toBe(403)
    const anonymous = await server.get('/api/room_backgrounds')
    expect(anonymous.status).toBe(401)
  })

  it('refuses malformed bodies field by field', async () => {
    const before = await stored()
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/room_backgrounds/current', {}, 'background_id'],
      ['/api/room_backgrounds/current', { background_id: 'abc' }, 'background_id'],
      ['/api/room_backgrounds/current', { background_id: -3 }, 'background_id'],
      ['/api/room_backgrounds/favorite', { is_favorite: true }, 'background_id'],
      ['/api/room_backgrounds/favorite', { background_id: 302, is_favorite: 'yes' }, 'is_favorite'],
      ['/api/room_backgrounds/favorite', { background_id: 302 }, 'is_favorite'],
      ['/api/room_backgrounds/fixed', {}, 'is_fixed'],
      ['/api/room_backgrounds/fixed', { is_fixed: 2 }, 'is_fixed'],
    ]
    for (const [path, body, field] of cases) {
      const refused = await liver.postJson(path, body)
      expect(refused.status, `${path} ${JSON.stringify(body)}`).toBe(400)
      expect(errorOf(refused.body)?.error_user_msg).toContain(`(${field})`)
    }
    expect(await stored()).toEqual(before)
    expect(await favs()).toEqual([])
    // A form's 0/1 is a yes/no too.
    const form = await liver.postForm('/api/room_backgrounds/fixed', { is_fixed: '0' })
    expect(form.status).toBe(200)
  })

  it('starts each new live with a favourite unless fixed; fixed keeps the current one', async () => {
    await liver.postJson('/api/room_backgrounds/current', { background_id: 302 })
    const faved = await liver.postJson('/api/room_backgrounds/favorite', {
      background_id: 202,
      is_favorite: true,
    })
    expect((faved.body as unknown as RoomBackgroundsAnswer).backgrounds).toEqual([
      expect.objectContaining({ id: 202, is_favorite: true, is_current: false }),
      expect.objectContaining({ id: 302, is_favorite: false, is_current: true }),
    ])
    // The only favourite: the new live's background, whatever was current.
    await newLive()
    expect((await state()).current_id).toBe(202)
    expect((await liveInfo()).background_image_url).toBe(`${server.url}/img/background/202.svg`)

    await liver.postJson('/api/room_backgrounds/current', { background_id: 302 })
    const fixed = await liver.postJson('/api/room_backgrounds/fixed', { is_fixed: true })
    expect(fixed.body).toMatchObject({ is_fixed: true, current_id: 302 })
    await newLive()
    expect((await state()).current_id).toBe(302)

    // Out of the favourites and not fixed: nothing to draw from, the current stays.
    await liver.postJson('/api/room_backgrounds/fixed', { is_fixed: false })
    await liver.postJson('/api/room_backgrounds/favorite', {
      background_id: 202,
      is_favorite: false,
    })
    expect(await favs()).toEqual([])
    await newLive()
    expect((await state()).current_id).toBe(302)
  })
})
