import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { botComments } from '../../server/db/demo-social.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

const engines = await testEngines()

const fixturePayload = (t: number | string) => {
  const file = path.resolve(
    import.meta.dirname,
    '../../../shared/fixtures/showroom-api/broadcast_ws_messages.json',
  )
  const frames = (
    JSON.parse(fs.readFileSync(file, 'utf8')) as {
      frames: Array<{ payload?: Record<string, unknown> }>
    }
  ).frames
  return frames.find((f) => f.payload?.t === t)?.payload ?? {}
}

const settle = () => new Promise((r) => setTimeout(r, 50))
const errorMessage = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

type Live = Awaited<ReturnType<typeof liveOf>>

describe('demo bot configuration', () => {
  it('is on (6 a minute) for a demo site, off in tests and without the demo seed', () => {
    const demo = { KIRARI_DEMO: '1' }
    expect(loadConfig(demo).demoBotsPerMinute).toBe(6)
    expect(loadConfig({ ...demo, NODE_ENV: 'test' }).demoBotsPerMinute).toBe(0)
    expect(loadConfig({ ...demo, DATABASE_URL: 'postgres://x/y' }).demoBotsPerMinute).toBe(0)
    expect(loadConfig({ ...demo, SEED_DEMO: '0' }).demoBotsPerMinute).toBe(0)
    expect(
      loadConfig({ ...demo, NODE_ENV: 'test', DEMO_BOTS_PER_MINUTE: '30' }).demoBotsPerMinute,
    ).toBe(30)
    expect(loadConfig({ ...demo, DEMO_BOTS_PER_MINUTE: '0' }).demoBotsPerMinute).toBe(0)
    // A production site has no demo rooms for bots to talk in.
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://live.example.jp' }).demoBotsPerMinute).toBe(0)
  })

  it.each(['abc', '-1', '1.5', '601', '1e2'])('refuses DEMO_BOTS_PER_MINUTE=%s', (value) => {
    const env = { KIRARI_DEMO: '1', DEMO_BOTS_PER_MINUTE: value }
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(/DEMO_BOTS_PER_MINUTE/)
  })
})

describe.each(engines)('room social API on %s', (engine) => {
  let server: TestServer
  let anonymous: TestClient
  let viewer: TestClient
  let liver: TestClient
  let other: TestClient
  let ids: { viewer: number; liver: number; other: number }
  /** demo_liver_room: on air, owned by demo_liver. */
  let own: Live
  /** kirari_hoshino: on air, owned by someone else. */
  let big: Live

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    anonymous = new TestClient(server.url)
    viewer = new TestClient(server.url)
    liver = new TestClient(server.url)
    other = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    await liver.login('demo_liver', 'kirari-demo')
    await other.login('demo_organizer', 'kirari-demo')
    const users = await server.database.db
      .selectFrom('users')
      .select(['id', 'account_id'])
      .where('account_id', 'in', ['demo_viewer', 'demo_liver', 'demo_organizer'])
      .execute()
    const id = (a: string) => users.find((u) => u.account_id === a)?.id ?? 0
    ids = { viewer: id('demo_viewer'), liver: id('demo_liver'), other: id('demo_organizer') }
    own = await liveOf(server, 'demo_liver_room')
    big = await liveOf(server, 'kirari_hoshino')
  })
  afterAll(() => server.close())

  describe('follow', () => {
    it('follows and unfollows idempotently, keeping follower_num, is_fav and is_follow right', async () => {
      const profile = async (c: TestClient) =>
        (await c.json(`/api/room/profile?room_id=${big.roomId}`)).body
      const start = (await profile(anonymous)).follower_num as number

      const followed = await viewer.postForm('/api/room/follow', {
        room_id: String(big.roomId),
        flag: '1',
      })
      expect(followed).toEqual({
        status: 200,
        body: { ok: 1, is_follow: true, follower_num: start + 1 },
      })
      // Again, as JSON and through update_follow: nothing changes.
      const again = await viewer.postJson('/api/room/update_follow', {
        room_id: big.roomId,
        flag: 1,
      })
      expect(again.body).toEqual({ ok: 1, is_follow: true, follower_num: start + 1 })

      const status = (c: TestClient) => c.json(`/api/room/status?room_url_key=${big.urlKey}`)
      const liveInfo = (c: TestClient) => c.json(`/api/live/live_info?room_id=${big.roomId}`)
      expect((await status(viewer)).body).toMatchObject({ is_fav: true, follower_num: start + 1 })
      expect((await status(anonymous)).body).toMatchObject({ is_fav: false })
      expect((await status(other)).body).toMatchObject({ is_fav: false })
      expect((await liveInfo(viewer)).body).toMatchObject({ is_fav: true })
      expect((await liveInfo(other)).body).toMatchObject({ is_fav: false })
      expect(await profile(viewer)).toMatchObject({ is_follow: true, follower_num: start + 1 })
      expect(await profile(anonymous)).toMatchObject({ is_follow: false })
      expect(
        (await viewer.json(`/api/live/current_user?room_id=${big.roomId}`)).body,
      ).toMatchObject({ is_follow: true })

      for (let i = 0; i < 2; i++) {
        const unfollowed = await viewer.postForm('/api/room/update_follow', {
          room_id: String(big.roomId),
          flag: '0',
        })
        expect(unfollowed.body).toEqual({ ok: 1, is_follow: false, follower_num: start })
      }
      expect((await status(viewer)).body).toMatchObject({ is_fav: false, follower_num: start })
      expect(await profile(viewer)).toMatchObject({ is_follow: false })
    })

    it('counts one follow however many arrive at once', async () => {
      const before = (await anonymous.json(`/api/room/profile?room_id=${own.roomId}`)).body
        .follower_num as number
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          other.postForm('/api/room/follow', { room_id: String(own.roomId), flag: '1' }),
        ),
      )
      expect(answers.every((a) => a.status === 200)).toBe(true)
      const after = (await anonymous.json(`/api/room/profile?room_id=${own.roomId}`)).body
      expect(after.follower_num).toBe(before + 1)
      await other.postForm('/api/room/follow', { room_id: String(own.roomId), flag: '0' })
    })

    it('asks an anonymous visitor to log in, and refuses bad input', async () => {
      const refused = await anonymous.postForm('/api/room/follow', {
        room_id: String(big.roomId),
        flag: '1',
      })
      expect(refused.status).toBe(401)
      expect(errorMessage(refused.body)?.error_user_msg).toBe('ログインしてください')
      const post = (fields: Record<string, string>) => viewer.postForm('/api/room/follow', fields)
      expect((await post({ room_id: String(big.roomId), flag: '2' })).status).toBe(400)
      expect((await post({ room_id: 'abc', flag: '1' })).status).toBe(400)
      expect((await post({ room_id: '99999999999', flag: '1' })).status).toBe(400)
      expect((await post({ room_id: '999999', flag: '1' })).status).toBe(404)
    })
  })

  describe('telop', () => {
    it('lets the owner set and remove the telop, pushing t:8 frames in the recorded shape', async () => {
      const socket = await connect(server)
      socket.ws.send(`SUB\t${own.key}`)
      await settle()
      const get = async (q: string) => (await anonymous.json(`/api/live/telop?${q}`)).body
      expect(await get(`room_id=${own.roomId}`)).toEqual({ telop: '', telops: [], interval: 6000 })

      const post = (c: TestClient, telop: string) =>
        c.postForm('/api/encoder/post_telop', { live_id: String(own.liveId), telop })
      expect((await post(anonymous, 'x')).status).toBe(401)
      const notOwner = await post(viewer, 'x')
      expect(notOwner.status).toBe(403)
      expect(errorMessage(notOwner.body)?.error_user_msg).toBe(
        'この操作はルームのオーナーのみ行えます',
      )
      const long = await post(liver, 'あ'.repeat(61))
      expect(long.status).toBe(400)
      expect(errorMessage(long.body)?.error_user_msg).toBe('テロップは60文字以内で入力してください')
      expect((await post(liver, '   ')).status).toBe(400)
      expect((await post(liver, '🎤'.repeat(60))).status).toBe(200)

      const saved = await post(liver, '  今日は歌枠！\nリクエスト募集中  ')
      const telop = '今日は歌枠！ リクエスト募集中'
      const expected = {
        telop,
        telops: [{ text: telop, type: 'user', color: { r: 255, g: 255, b: 255 } }],
        interval: 6000,
      }
      expect(saved).toEqual({ status: 200, body: { ok: 1, ...expected } })

      const frame = await socket.waitFor((f) => f.includes(telop))
      expect(frame.split('\t')[1]).toBe(own.key)
      const payload = payloadOf(frame)
      expect(Object.keys(payload).sort()).toEqual(Object.keys(fixturePayload(8)).sort())
      expect(payload).toMatchObject({ ...expected, t: 8 })
      expect(payload.api).toBe(`${server.url}/api/live/telop?live_id=${own.liveId}`)
      expect(await get(`room_id=${own.roomId}`)).toEqual(expected)
      expect(await get(`live_id=${own.liveId}`)).toEqual(expected)

      const removed = await liver.postForm('/api/encoder/delete_telop', {
        live_id: String(own.liveId),
      })
      expect(removed.body).toEqual({ ok: 1, telop: '', telops: [], interval: 6000 })
      const cleared = payloadOf(
        await socket.waitFor((f) => f.includes('"t":8') && f.includes('"telop":""')),
      )
      expect(cleared).toMatchObject({ telop: '', telops: [], t: 8 })
      expect(await get(`room_id=${own.roomId}`)).toMatchObject({ telop: '' })
      expect(
        (
          await viewer.postForm('/api/encoder/delete_telop', {
            live_id: String(own.liveId),
          })
        ).status,
      ).toBe(403)
      socket.ws.close()
    })

    it('answers 404 for an unknown room or a live that is not on air', async () => {
      expect((await anonymous.json('/api/live/telop?room_id=999999')).status).toBe(404)
      expect((await anonymous.json('/api/live/telop')).status).toBe(400)
      expect(
        (await liver.postForm('/api/encoder/post_telop', { live_id: '999999', telop: 'x' })).status,
      ).toBe(404)
    })
  })

  describe('welcome comment', () => {
    it('is set and cleared by the owner only, and each change is pushed as t:201', async () => {
      const socket = await connect(server)
      socket.ws.send(`SUB\t${own.key}`)
      await settle()
      const get = async () =>
        (await anonymous.json(`/api/room/welcome_comment?room_id=${own.roomId}`)).body
      expect(await get()).toEqual({ comment: '', is_pinned: false, created_at: 0 })

      const post = (c: TestClient, comment: string) =>
        c.postForm('/api/room/welcome_comment', { room_id: String(own.roomId), comment })
      expect((await post(anonymous, 'x')).status).toBe(401)
      expect((await post(viewer, 'x')).status).toBe(403)
      const empty = await post(liver, '   ')
      expect(empty.status).toBe(400)
      expect(errorMessage(empty.body)?.error_user_msg).toBe('ウェルカムコメントを入力してください')
      const long = await post(liver, 'あ'.repeat(101))
      expect(long.status).toBe(400)
      expect(errorMessage(long.body)?.error_user_msg).toBe(
        'ウェルカムコメントは100文字以内で入力してください',
      )

      const saved = await post(liver, '  ようこそ！ゆっくりしていってね  ')
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({
        ok: 1,
        comment: 'ようこそ！ゆっくりしていってね',
        is_pinned: true,
      })
      const createdAt = saved.body.created_at as number
      expect(Math.abs(createdAt - Date.now() / 1000)).toBeLessThan(60)
      const frame = payloadOf(await socket.waitFor((f) => f.includes('"t":201')))
      expect(frame).toEqual({
        t: 201,
        comment: 'ようこそ！ゆっくりしていってね',
        is_pinned: true,
        created_at: createdAt,
      })
      expect(await get()).toEqual({
        comment: 'ようこそ！ゆっくりしていってね',
        is_pinned: true,
        created_at: createdAt,
      })

      const remove = async (c: TestClient) =>
        c.json(`/api/room/welcome_comment?room_id=${own.roomId}`, {
          method: 'DELETE',
          headers: { 'x-csrf-token': await c.csrf() },
        })
      expect((await remove(viewer)).status).toBe(403)
      expect(await get()).toMatchObject({ comment: 'ようこそ！ゆっくりしていってね' })
      socket.frames.length = 0
      expect((await remove(liver)).body).toEqual({
        ok: 1,
        comment: '',
        is_pinned: false,
        created_at: 0,
      })
      const cleared = payloadOf(await socket.waitFor((f) => f.includes('"t":201')))
      expect(cleared).toEqual({ t: 201, comment: '', is_pinned: false, created_at: 0 })
      expect(await get()).toEqual({ comment: '', is_pinned: false, created_at: 0 })
      socket.ws.close()
    })

    it('can be set while off air, and is refused for a room the caller does not own', async () => {
      const rooms = await server.database.db
        .selectFrom('rooms')
        .select(['id', 'room_url_key'])
        .where('room_url_key', 'in', ['minor_hina', 'sports_ken'])
        .execute()
      const roomId = (key: string) => String(rooms.find((r) => r.room_url_key === key)?.id)
      const minor = new TestClient(server.url)
      await minor.login('demo_minor', 'kirari-demo')
      const saved = await minor.postJson('/api/room/welcome_comment', {
        room_id: roomId('minor_hina'),
        comment: '放課後に会おうね',
        is_pinned: 0,
      })
      expect(saved.body).toMatchObject({ ok: 1, comment: '放課後に会おうね', is_pinned: false })
      expect(
        (await anonymous.json(`/api/room/welcome_comment?room_id=${roomId('minor_hina')}`)).body,
      ).toMatchObject({ comment: '放課後に会おうね', is_pinned: false })

      const refused = await liver.postForm('/api/room/welcome_comment', {
        room_id: roomId('sports_ken'),
        comment: 'x',
      })
      expect(refused.status).toBe(403)
      expect((await anonymous.json('/api/room/welcome_comment?room_id=999999')).status).toBe(404)
    })
  })

  describe('live/current_user', () => {
    it('describes the caller in the room', async () => {
      const get = async (c: TestClient, roomId: number) =>
        (await c.json(`/api/live/current_user?room_id=${roomId}`)).body
      // The rest of SPEC §3 current user, empty too: entities.test.ts checks every field.
      expect(await get(anonymous, own.roomId)).toMatchObject({
        is_login: false,
        user_id: 0,
        name: '',
        avatar_id: 0,
        avatar_url: '',
        sms_auth: false,
        is_owner: false,
        is_follow: false,
        is_blocked: false,
        gold: 0,
        expiring_gold: 0,
        gift_list: { normal: [], enquete: [] },
        is_confirm_gifting_use_gold: true,
        fan_level: 0,
      })
      expect(await get(liver, own.roomId)).toMatchObject({
        is_login: true,
        user_id: ids.liver,
        name: 'デモ ライバー',
        avatar_id: 5,
        avatar_url: '/img/avatar/5.svg',
        sms_auth: true,
        is_owner: true,
        is_follow: false,
        is_blocked: false,
        gold: 100,
        expiring_gold: 0,
        is_confirm_gifting_use_gold: true,
        fan_level: 1,
      })
      expect(await get(viewer, own.roomId)).toMatchObject({
        is_login: true,
        user_id: ids.viewer,
        is_owner: false,
      })
      expect((await anonymous.json('/api/live/current_user?room_id=999999')).status).toBe(404)
      expect((await anonymous.json('/api/live/current_user')).status).toBe(400)
    })

    it('says is_owner in live_info', async () => {
      const info = async (c: TestClient) =>
        (await c.json(`/api/live/live_info?room_id=${own.roomId}`)).body
      expect(await info(liver)).toMatchObject({ is_owner: true })
      expect(await info(viewer)).toMatchObject({ is_owner: false })
      expect(await info(anonymous)).toMatchObject({ is_owner: false })
    })
  })

  describe('reports', () => {
    it('lists the report categories', async () => {
      const { body } = await anonymous.json('/api/bad_report/live_bad_report_category_list')
      const categories = body.categories as Array<{ id: number; label: string }>
      expect(categories.length).toBeGreaterThanOrEqual(5)
      for (const c of categories) {
        expect(Object.keys(c).sort()).toEqual(['id', 'label'])
        expect(typeof c.id).toBe('number')
      }
      expect(categories.map((c) => c.label)).toEqual(
        expect.arrayContaining(['不適切な内容', '著作権侵害', 'スパム・宣伝', 'その他']),
      )
    })

    it('takes one report per user per live, and then says did_send_live_bad_report', async () => {
      const report = (c: TestClient, fields: Record<string, string>) =>
        c.postForm('/api/bad_report/live_report', {
          live_id: String(big.liveId),
          category_id: '1',
          comment: '',
          ...fields,
        })
      expect((await report(anonymous, {})).status).toBe(401)
      const noCategory = await report(viewer, { category_id: '42' })
      expect(noCategory.status).toBe(400)
      expect(errorMessage(noCategory.body)?.error_user_msg).toBe('通報の理由を選択してください')
      const long = await report(viewer, { comment: 'あ'.repeat(201) })
      expect(long.status).toBe(400)
      expect(errorMessage(long.body)?.error_user_msg).toBe(
        '通報内容は200文字以内で入力してください',
      )
      expect((await report(viewer, { live_id: '999999' })).status).toBe(404)

      const status = async (c: TestClient) =>
        (await c.json(`/api/room/status?room_url_key=${big.urlKey}`)).body
      const info = async (c: TestClient) =>
        (await c.json(`/api/live/live_info?room_id=${big.roomId}`)).body
      expect(await status(viewer)).toMatchObject({ did_send_live_bad_report: false })

      const sent = await report(viewer, { category_id: '4', comment: '宣伝コメントが多いです' })
      expect(sent).toEqual({ status: 200, body: { ok: 1, did_send_live_bad_report: true } })
      const twice = await report(viewer, { category_id: '1' })
      expect(twice.status).toBe(409)
      expect(errorMessage(twice.body)).toEqual({
        error_user_msg: 'この配信はすでに通報済みです',
        error_type: 'ALREADY_REPORTED',
      })

      expect(await status(viewer)).toMatchObject({ did_send_live_bad_report: true })
      expect(await info(viewer)).toMatchObject({ did_send_live_bad_report: true })
      expect(await status(other)).toMatchObject({ did_send_live_bad_report: false })
      expect(await info(anonymous)).toMatchObject({ did_send_live_bad_report: false })
      const rows = await server.database.db
        .selectFrom('live_reports')
        .selectAll()
        .where('live_id', '=', big.liveId)
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        user_id: ids.viewer,
        category_id: 4,
        comment: '宣伝コメントが多いです',
      })

      const ownLive = await liver.postForm('/api/bad_report/live_report', {
        live_id: String(own.liveId),
        category_id: '1',
      })
      expect(ownLive.status).toBe(400)
    })

    it('lets the owner block a user from commenting, by block_post or by user_report', async () => {
      const comment = (text: string) =>
        other.postForm('/api/live/post_live_comment', {
          live_id: String(own.liveId),
          comment: text,
        })
      expect((await comment('はじめまして')).status).toBe(200)

      const userReport = (c: TestClient, fields: Record<string, string>) =>
        c.postForm('/api/bad_report/user_report', {
          room_id: String(own.roomId),
          user_id: String(ids.other),
          category_id: '5',
          place_id: '1',
          comment: '',
          is_blocked_post: '0',
          ...fields,
        })
      expect((await userReport(anonymous, {})).status).toBe(401)
      const self = await userReport(other, {})
      expect(self.status).toBe(400)
      expect(errorMessage(self.body)?.error_user_msg).toBe('ご自身を通報することはできません')
      expect((await userReport(viewer, { user_id: '999999' })).status).toBe(404)
      expect((await userReport(viewer, { place_id: 'x' })).status).toBe(400)
      expect((await userReport(viewer, { is_blocked_post: '2' })).status).toBe(400)

      // A viewer's report is stored, but only the owner's blocks.
      expect((await userReport(viewer, { is_blocked_post: '1' })).body).toEqual({
        ok: 1,
        is_blocked: false,
      })
      expect((await comment('まだ書けます')).status).toBe(200)

      expect((await userReport(liver, { is_blocked_post: '1', comment: '荒らし' })).body).toEqual({
        ok: 1,
        is_blocked: true,
      })
      const blocked = await comment('ブロックされた？')
      expect(blocked.status).toBe(403)
      expect(errorMessage(blocked.body)).toEqual({
        error_user_msg: 'このルームではコメントが制限されています',
        error_type: 'COMMENT_BLOCKED',
      })
      expect((await other.json(`/api/live/current_user?room_id=${own.roomId}`)).body).toMatchObject(
        { is_blocked: true },
      )
      // Only in that room.
      expect(
        (
          await other.postForm('/api/live/post_live_comment', {
            live_id: String(big.liveId),
            comment: '別の部屋では書ける',
          })
        ).status,
      ).toBe(200)

      const blockPost = (c: TestClient, status: string, userId = ids.other) =>
        c.postForm('/api/bad_report/block_post', {
          room_id: String(own.roomId),
          user_id: String(userId),
          status,
        })
      expect((await blockPost(viewer, '0')).status).toBe(403)
      expect((await blockPost(anonymous, '0')).status).toBe(401)
      expect((await blockPost(liver, '0', ids.liver)).status).toBe(400)
      expect((await blockPost(liver, '0', 999999)).status).toBe(404)
      expect((await blockPost(liver, '3')).status).toBe(400)

      expect((await blockPost(liver, '0')).body).toEqual({
        ok: 1,
        user_id: ids.other,
        is_blocked: false,
      })
      expect((await comment('戻ってきました')).status).toBe(200)
      expect((await blockPost(liver, '1')).body).toMatchObject({ is_blocked: true })
      expect((await blockPost(liver, '1')).body).toMatchObject({ is_blocked: true })
      expect((await comment('また？')).status).toBe(403)
      await blockPost(liver, '0')

      const reports = await server.database.db
        .selectFrom('user_reports')
        .select(['reporter_user_id', 'is_blocked_post', 'category_id', 'place_id'])
        .where('reported_user_id', '=', ids.other)
        .orderBy('id')
        .execute()
      expect(reports).toEqual([
        { reporter_user_id: ids.viewer, is_blocked_post: true, category_id: 5, place_id: 1 },
        { reporter_user_id: ids.liver, is_blocked_post: true, category_id: 5, place_id: 1 },
      ])
    })
  })

  describe('banners, event and preset comments', () => {
    it('lists banners pointing at pages of the site, with images the server draws', async () => {
      const { status, body } = await anonymous.json(`/api/room/banners?room_id=${big.roomId}`)
      expect(status).toBe(200)
      const banners = body.banners as Array<Record<string, unknown>>
      expect(banners.length).toBeGreaterThanOrEqual(2)
      for (const b of banners) {
        expect(Object.keys(b).sort()).toEqual(['id', 'image', 'title', 'url'])
        expect(String(b.url)).toMatch(/^\/(?!\/)/)
        const image = await fetch(String(b.image))
        expect(image.status).toBe(200)
        expect(image.headers.get('content-type')).toContain('image/svg+xml')
        expect(await image.text()).toContain(String(b.title).slice(0, 4))
      }
      expect(banners.map((b) => b.url)).toContain('/lottery/ad_reward')
      expect((await anonymous.json('/api/room/banners?room_id=999999')).status).toBe(404)
      expect((await server.get('/img/banner/999999.svg')).status).toBe(404)
    })

    it('answers event_and_support: the demo event for a room entered in it, null for one that is not', async () => {
      const entered = (await anonymous.json(`/api/room/event_and_support?room_id=${big.roomId}`))
        .body as { event: { event_name: string; ranking: { rank: number } } | null }
      expect(entered.event?.event_name).toBe('キラリ ウィンターカップ')
      expect(entered.event?.ranking.rank).toBeGreaterThanOrEqual(1)
      const offAir = await server.database.db
        .selectFrom('rooms')
        .select('id')
        .where('room_url_key', '=', 'sports_ken')
        .executeTakeFirstOrThrow()
      expect(
        (await anonymous.json(`/api/room/event_and_support?room_id=${offAir.id}`)).body,
      ).toEqual({ event: null, support: null, regular_event: null })
      expect((await anonymous.json('/api/room/event_and_support?room_id=999999')).status).toBe(404)
    })

    it('offers preset comments, and checks recommend_comment_id on post_live_comment', async () => {
      const { body } = await anonymous.json(`/api/recommended_live_comment?room_id=${own.roomId}`)
      const presets = body.recommend_comments as Array<{ id: number; comment: string }>
      expect(presets.length).toBeGreaterThanOrEqual(5)
      for (const p of presets) {
        expect(Object.keys(p).sort()).toEqual(['comment', 'id'])
        expect(p.comment.length).toBeGreaterThan(0)
        expect(p.comment.length).toBeLessThanOrEqual(50)
      }
      const music = await server.database.db
        .selectFrom('rooms')
        .select('id')
        .where('room_url_key', '=', 'aoi_music')
        .executeTakeFirstOrThrow()
      const musicPresets = (
        await anonymous.json(`/api/recommended_live_comment?room_id=${music.id}`)
      ).body.recommend_comments as Array<{ id: number; comment: string }>
      expect(musicPresets.map((p) => p.comment)).toContain('歌うまい！')
      expect((await anonymous.json('/api/recommended_live_comment?room_id=0')).status).toBe(400)

      const post = (recommendId: string, comment: string) =>
        viewer.postForm('/api/live/post_live_comment', {
          live_id: String(own.liveId),
          comment,
          recommend_comment_id: recommendId,
        })
      const preset = presets[0] ?? { id: 0, comment: '' }
      expect((await post(String(preset.id), preset.comment)).status).toBe(200)
      expect((await post('0', 'ふつうのコメント')).status).toBe(200)
      expect((await post('', 'ふつうのコメント')).status).toBe(200)
      const unknown = musicPresets.find((m) => !presets.some((p) => p.id === m.id))
      expect((await post(String(unknown?.id), 'x')).status).toBe(400)
      expect((await post('abc', 'x')).status).toBe(400)
    })
  })
})

describe.each(engines)('demo bots on %s', (engine) => {
  it('comment in demo rooms on air through store-then-push, and stop with the server', async () => {
    const server = await startTestServer(engine, { DEMO_BOTS_PER_MINUTE: '600' })
    const socket = await connect(server)
    try {
      const live = await liveOf(server, 'kirari_hoshino')
      socket.ws.send(`SUB\t${live.key}`)
      const frame = payloadOf(
        await socket.waitFor((f) => f.startsWith('MSG') && f.includes('"t":"1"'), 5000),
      )
      expect(botComments).toContain(frame.cm)
      const bot = await server.database.db
        .selectFrom('users')
        .select(['name', 'is_bot', 'password_hash'])
        .where('id', '=', frame.u as number)
        .executeTakeFirstOrThrow()
      expect(bot).toMatchObject({ name: frame.ac, is_bot: true, password_hash: null })
      // Stored before it was pushed, so comment_log has it.
      const log = (await (
        await server.get(`/api/live/comment_log?room_id=${live.roomId}`)
      ).json()) as { comment_log: Array<{ user_id: number; comment: string }> }
      expect(log.comment_log).toContainEqual(
        expect.objectContaining({ user_id: frame.u, comment: frame.cm }),
      )
    } finally {
      socket.ws.close()
      await server.close()
    }
  })

  it('stay quiet when DEMO_BOTS_PER_MINUTE is 0 (the test default)', async () => {
    const server = await startTestServer(engine)
    try {
      expect(server.config.demoBotsPerMinute).toBe(0)
      await new Promise((r) => setTimeout(r, 300))
      const bots = await server.database.db
        .selectFrom('comments')
        .innerJoin('users', 'users.id', 'comments.user_id')
        .select('comments.id')
        .where('users.is_bot', '=', true)
        .execute()
      expect(bots).toEqual([])
    } finally {
      await server.close()
    }
  })
})
