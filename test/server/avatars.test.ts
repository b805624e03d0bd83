import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AvatarsAnswer } from '../../src/contract/avatar.ts'
import { AVATAR_NOT_OWNED_MESSAGE } from '../../src/domain/avatar.ts'
import { listAvatars } from '../../server/services/avatars.ts'
import { TestClient } from './client.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

describe.each(await testEngines())('avatars on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let userId: number
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    ;({ client: viewer, userId } = await logInDemo(server))
  })
  afterAll(() => server.close())

  const worn = async (id = userId) =>
    (
      await db()
        .selectFrom('users')
        .select('avatar_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).avatar_id
  const list = async (client = viewer) => {
    const { status, body } = await client.json('/api/users/me/avatars')
    expect(status).toBe(200)
    return body as unknown as AvatarsAnswer
  }
  const choose = (avatarId: unknown) =>
    viewer.postForm('/api/user/update_user_avatar', { avatar_id: String(avatarId) })

  it('lists the eight defaults and the prize avatars held, prizes first; nothing else', async () => {
    // The demo viewer holds 105 and 303 (seed-demo.ts) and, from the catalogue, no other avatar.
    const answer = await list()
    expect(answer.current_avatar_id).toBe(3)
    expect(answer.avatars.map((a) => a.avatar_id)).toEqual([105, 303, 0, 1, 2, 3, 4, 5, 6, 7])
    expect(answer.avatars[0]).toEqual({
      avatar_id: 105,
      avatar_url: '/img/avatar/105.svg',
      name: 'アバター「ひよこ」',
      is_default: false,
      is_fav: false,
      rarity: 'SSR',
      acquired_num: 1,
    })
    expect(answer.avatars[2]).toEqual({
      avatar_id: 0,
      avatar_url: '/img/avatar/0.svg',
      name: 'ベーシック 1',
      is_default: true,
      is_fav: false,
      rarity: null,
      acquired_num: 0,
    })

    // A new user owns only the defaults; a prize won (any prize type but avatar) adds none.
    const [fanId = 0] = await makeFans(db(), 'avatar_fan', 1)
    await db()
      .insertInto('user_items')
      .values([
        { user_id: fanId, prize_id: 202, num: 1 },
        { user_id: fanId, prize_id: 203, num: 0 },
      ])
      .execute()
    const fan = await listAvatars(db(), fanId)
    expect(fan.avatars.map((a) => a.avatar_id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect((await new TestClient(server.url).json('/api/users/me/avatars')).status).toBe(401)
  })

  it('refuses an avatar not owned by its field, and stores nothing', async () => {
    // 203: an avatar prize not held; 202: a background held by nobody; 201: a free gift prize;
    // 8 and 99999: no prize at all.
    for (const id of [203, 202, 201, 8, 99999]) {
      const refused = await choose(id)
      expect(refused.status, String(id)).toBe(400)
      expect(refused.body).toMatchObject({ field_errors: { avatar_id: AVATAR_NOT_OWNED_MESSAGE } })
    }
    // Held, but none left (num 0), is not owned either.
    await db().insertInto('user_items').values({ user_id: userId, prize_id: 403, num: 0 }).execute()
    expect((await choose(403)).status).toBe(400)
    expect(await worn()).toBe(3)
    const fav = await viewer.postJson('/api/user_avatar/fav', { avatar_id: 203, is_fav: 1 })
    expect(fav.status).toBe(400)
    expect(fav.body).toMatchObject({ field_errors: { avatar_id: AVATAR_NOT_OWNED_MESSAGE } })
    const favs = await db().selectFrom('user_avatar_favs').selectAll().execute()
    expect(favs).toEqual([])
  })

  it('refuses malformed bodies field by field, and POSTs without the CSRF token', async () => {
    const errorOf = (body: Record<string, unknown>) =>
      (body.errors as Array<{ error_user_msg: string }> | undefined)?.[0]?.error_user_msg
    for (const body of [{}, { avatar_id: -1 }, { avatar_id: 'abc' }, { avatar_id: 1.5 }]) {
      const bad = await viewer.postJson('/api/user/update_user_avatar', body)
      expect(bad.status, JSON.stringify(body)).toBe(400)
      expect(errorOf(bad.body)).toContain('(avatar_id)')
    }
    const noFlag = await viewer.postJson('/api/user_avatar/fav', { avatar_id: 1 })
    expect(errorOf(noFlag.body)).toContain('(is_fav)')
    const badFlag = await viewer.postForm('/api/user_avatar/fav', { avatar_id: '1', is_fav: '2' })
    expect(errorOf(badFlag.body)).toContain('(is_fav)')
    const noId = await viewer.postForm('/api/user_avatar/fav', { avatar_id: '', is_fav: '1' })
    expect(errorOf(noId.body)).toContain('(avatar_id)')
    const noCsrf = await viewer.postJson(
      '/api/user/update_user_avatar',
      { avatar_id: 105 },
      { csrf: false },
    )
    expect(noCsrf.status).toBeGreaterThanOrEqual(400)
    expect(await worn()).toBe(3)
  })

  it('wears an owned prize avatar: current_user, the next pushed comment and the gift log carry it', async () => {
    const live = await liveOf(server, 'kirari_hoshino')
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    const comment = (text: string) =>
      viewer.postForm('/api/live/post_live_comment', {
        live_id: String(live.liveId),
        comment: text,
      })

    expect((await comment('前のアバター')).status).toBe(200)
    const before = payloadOf(await socket.waitFor((f) => f.includes('前のアバター')))
    expect(before.av).toBe(3)

    const chosen = await choose(105)
    expect(chosen).toEqual({
      status: 200,
      body: { avatar_id: 105, avatar_url: '/img/avatar/105.svg' },
    })
    const me = (await viewer.json('/api/current_user')).body
    expect(me).toMatchObject({ avatar_id: 105, avatar_url: '/img/avatar/105.svg' })
    expect((await list()).current_avatar_id).toBe(105)

    expect((await comment('新しいアバター')).status).toBe(200)
    const after = payloadOf(await socket.waitFor((f) => f.includes('新しいアバター')))
    expect(after).toMatchObject({ av: 105, u: userId })
    const log = (await viewer.json(`/api/live/comment_log?room_id=${live.roomId}`)).body
      .comment_log as Array<Record<string, unknown>>
    expect(log[0]).toMatchObject({ comment: '新しいアバター', avatar_id: 105 })
    // Earlier comments show the avatar worn now, as SHOWROOM's log does (it is the user's).
    expect(log[1]).toMatchObject({ comment: '前のアバター', avatar_url: '/img/avatar/105.svg' })

    const gift = await viewer.postForm('/api/live/gifting_free', {
      live_id: String(live.liveId),
      gift_id: '1',
      num: '1',
    })
    expect(gift.status).toBe(200)
    const pushed = payloadOf(await socket.waitFor((f) => f.includes('"t":"2"')))
    expect(pushed.av).toBe(105)
    const gifts = (await viewer.json(`/api/live/gift_log?room_id=${live.roomId}`)).body
      .gift_log as Array<Record<string, unknown>>
    expect(gifts[0]).toMatchObject({
      user_id: userId,
      avatar_id: 105,
      avatar_url: '/img/avatar/105.svg',
    })
    socket.ws.close()

    // Back to a default: any of 0–7 is owned by everyone.
    expect((await choose(0)).body).toEqual({ avatar_id: 0, avatar_url: '/img/avatar/0.svg' })
    expect(await worn()).toBe(0)
  })

  it('keeps favourites, listed first; unmarking and marking twice are harmless', async () => {
    const mark = (avatarId: number, isFav: '0' | '1') =>
      viewer.postForm('/api/user_avatar/fav', { avatar_id: String(avatarId), is_fav: isFav })
    expect((await mark(303, '1')).body).toEqual({ avatar_id: 303, is_fav: true })
    expect((await mark(6, '1')).body).toEqual({ avatar_id: 6, is_fav: true })
    expect((await mark(6, '1')).status).toBe(200)
    const marked = await list()
    expect(marked.avatars.map((a) => [a.avatar_id, a.is_fav]).slice(0, 3)).toEqual([
      [303, true],
      [6, true],
      [105, false],
    ])
    expect((await mark(303, '0')).body).toEqual({ avatar_id: 303, is_fav: false })
    expect((await mark(303, '0')).status).toBe(200)
    const favs = await db()
      .selectFrom('user_avatar_favs')
      .select('avatar_id')
      .where('user_id', '=', userId)
      .execute()
    expect(favs).toEqual([{ avatar_id: 6 }])
    expect((await list()).avatars.filter((a) => a.is_fav).map((a) => a.avatar_id)).toEqual([6])
  })

  it("draws a prize avatar in the prize's colour with a star; a default without", async () => {
    const prize = await server.get('/img/avatar/105.svg')
    expect(prize.headers.get('content-type')).toContain('image/svg+xml')
    const picture = await prize.text()
    expect(picture).toContain('#facc15')
    expect(picture).toContain('SSR')
    expect(picture).toContain('<polygon')
    const plain = await (await server.get('/img/avatar/3.svg')).text()
    expect(plain).not.toContain('<polygon')
    // An id that is no avatar prize (a background's) is drawn as a default, not refused.
    expect(await (await server.get('/img/avatar/202.svg')).text()).not.toContain('<polygon')
  })
})
