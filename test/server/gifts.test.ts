import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FREE_GIFT_CAP, FREE_GIFT_GRANT, giftMessages } from '../../server/services/gifts.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

const fixture = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../shared/fixtures/showroom-api/gift_list.json'),
    'utf8',
  ),
) as { normal: Array<Record<string, unknown>>; enquete: Array<Record<string, unknown>> }

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string }> | undefined)?.[0]?.error_user_msg

describe.each(await testEngines())('gifts and gold on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let userId: number
  let live: Awaited<ReturnType<typeof liveOf>>

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    ;({ client: viewer, userId } = await logInDemo(server))
    live = await liveOf(server, 'kirari_hoshino')
  })
  afterAll(() => server.close())

  const db = () => server.database.db
  const wallet = () =>
    db()
      .selectFrom('users')
      .select(['gold', 'expiring_gold'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  const ledgerSum = async (since: string) =>
    db()
      .selectFrom('ledger')
      .select([
        sql<number>`coalesce(sum(gold_delta), 0)::int`.as('gold'),
        sql<number>`coalesce(sum(expiring_gold_delta), 0)::int`.as('expiring'),
        sql<number>`coalesce(sum(free_delta), 0)::int`.as('free'),
      ])
      .where('user_id', '=', userId)
      .where('id', '>', since)
      .executeTakeFirstOrThrow()
  const lastLedgerId = async () =>
    (
      await db()
        .selectFrom('ledger')
        .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
        .executeTakeFirstOrThrow()
    ).id
  const gift = (kind: 'free' | 'paid', giftId: number, num = 1, liveId = live.liveId) =>
    viewer.postForm(kind === 'free' ? '/api/live/gifting_free' : '/api/live/gifting_point_use', {
      live_id: String(liveId),
      gift_id: String(giftId),
      num: String(num),
    })

  it('lists the catalogue in the recorded shape: normal and vote gifts, and the groups', async () => {
    const { status, body } = await viewer.json('/api/live/gift_list')
    expect(status).toBe(200)
    const normal = body.normal as Array<Record<string, unknown>>
    const enquete = body.enquete as Array<Record<string, unknown>>
    const sample = fixture.normal[0] ?? {}
    for (const g of [normal[0], enquete[0]]) {
      for (const key of Object.keys(sample)) expect(typeof g?.[key], key).toBe(typeof sample[key])
    }
    expect(normal.some((g) => g.free === true && g.point === 1)).toBe(true)
    const points = normal.filter((g) => g.free === false).map((g) => g.point as number)
    expect(Math.min(...points)).toBe(1)
    expect(Math.max(...points)).toBe(10_000)
    expect(enquete.every((g) => g.free === true && g.point === 0)).toBe(true)

    const groups = (await viewer.json('/api/live/gift_groups')).body.gift_groups as Array<{
      name: string
      is_default: boolean
      gift_list: Array<{ gift_id: number; free: boolean }>
    }>
    expect(groups[0]?.is_default).toBe(true)
    expect(groups[0]?.gift_list.every((g) => g.free)).toBe(true)
    expect(groups.slice(1).every((g) => g.gift_list.every((x) => !x.free))).toBe(true)
  })

  it('200 concurrent paid gifts against gold for exactly 100: 100 succeed, the balance ends at 0, the ledger agrees', async () => {
    await db()
      .updateTable('users')
      .set({ gold: 70, expiring_gold: 30 })
      .where('id', '=', userId)
      .execute()
    const since = await lastLedgerId()
    const results = await Promise.all(Array.from({ length: 200 }, () => gift('paid', 3)))
    const ok = results.filter((r) => r.status === 200)
    expect(ok).toHaveLength(100)
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400)
      expect(errorOf(r.body)).toBe(giftMessages.notEnoughGold)
    }
    expect(await wallet()).toEqual({ gold: 0, expiring_gold: 0 })
    // Expiring gold went first: 30 of it, then 70 of gold.
    expect(await ledgerSum(since)).toEqual({ gold: -70, expiring: -30, free: 0 })
    const remaining = ok.map(
      (r) => (r.body.remaining_point as number) + (r.body.remaining_expiring_point as number),
    )
    expect(new Set(remaining).size).toBe(100)
    expect(Math.min(...remaining)).toBe(0)
  })

  it('200 concurrent free gifts against a stock at its cap: exactly 99 succeed, the stock ends at 0', async () => {
    await db()
      .insertInto('user_free_gifts')
      .values({ user_id: userId, gift_id: 1, num: FREE_GIFT_CAP })
      .onConflict((oc) => oc.columns(['user_id', 'gift_id']).doUpdateSet({ num: FREE_GIFT_CAP }))
      .execute()
    const since = await lastLedgerId()
    const results = await Promise.all(Array.from({ length: 200 }, () => gift('free', 1)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(FREE_GIFT_CAP)
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(errorOf(r.body)).toBe(giftMessages.noFreeStock)
    }
    const stock = await db()
      .selectFrom('user_free_gifts')
      .select('num')
      .where('user_id', '=', userId)
      .where('gift_id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(stock.num).toBe(0)
    expect(await ledgerSum(since)).toEqual({ gold: 0, expiring: 0, free: -FREE_GIFT_CAP })
  })

  it('pushes a gift as t:2 after it commits and lists it in the gift log', async () => {
    await db()
      .updateTable('users')
      .set({ gold: 1000, expiring_gold: 0 })
      .where('id', '=', userId)
      .execute()
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    const { status, body } = await gift('paid', 5, 3)
    expect(status).toBe(200)
    expect(body.remaining_point).toBe(970)
    expect(body.n).toBe(3)
    expect((body.fan_level as { fan_level: number }).fan_level).toBeGreaterThanOrEqual(1)
    const frame = await socket.waitFor((f) => f.includes('"t":"2"') && f.includes('"g":5'))
    const payload = payloadOf(frame)
    for (const key of ['ua', 'n', 'av', 'd', 'ac', 'created_at', 'u', 'h', 'g', 'gt', 'at', 't']) {
      expect(Object.keys(payload), key).toContain(key)
    }
    expect(payload).toMatchObject({ n: 3, g: 5, u: userId, ac: 'デモ視聴者' })
    socket.ws.close()

    const log = (await viewer.json(`/api/live/gift_log?room_id=${live.roomId}`)).body
      .gift_log as Array<Record<string, unknown>>
    expect(log[0]).toMatchObject({ gift_id: 5, num: 3, user_id: userId, name: 'デモ視聴者' })
    for (const key of ['avatar_id', 'avatar_url', 'ua', 'created_at', 'aft', 'image', 'image2']) {
      expect(Object.keys(log[0] ?? {}), key).toContain(key)
    }
  })

  it('refuses a gift to an ended live, a free gift on the paid call and bad numbers, changing nothing', async () => {
    await db()
      .updateTable('users')
      .set({ gold: 500, expiring_gold: 0 })
      .where('id', '=', userId)
      .execute()
    const ended = await db()
      .selectFrom('lives')
      .select('id')
      .where('ended_at', 'is not', null)
      .executeTakeFirst()
    const endedId =
      ended?.id ??
      (
        await db()
          .insertInto('lives')
          .values({
            room_id: live.roomId,
            started_at: new Date(Date.now() - 3_600_000),
            ended_at: new Date(),
            bcsvr_key: 'ended:test',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const refused = await gift('paid', 3, 1, endedId)
    expect(refused.status).toBe(400)
    expect(errorOf(refused.body)).toBe(giftMessages.liveEnded)
    expect(errorOf((await gift('paid', 1)).body)).toBe(giftMessages.notPaid)
    expect((await gift('paid', 3, 0)).status).toBe(400)
    expect((await gift('free', 1, 11)).status).toBe(400)
    expect((await gift('paid', 999_999)).status).toBe(404)
    const anonymous = new TestClient(server.url)
    const anon = await anonymous.postForm('/api/live/gifting_point_use', {
      live_id: String(live.liveId),
      gift_id: '3',
      num: '1',
    })
    expect(anon.status).toBe(401)
    expect(await wallet()).toEqual({ gold: 500, expiring_gold: 0 })
  })

  it('grants free stars while watching (polling), up to the cap, at most once per interval', async () => {
    await db()
      .updateTable('users')
      .set({ free_gifts_granted_at: null })
      .where('id', '=', userId)
      .execute()
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 95 })
      .where('user_id', '=', userId)
      .where('gift_id', '=', 1)
      .execute()
    const first = await viewer.json(`/api/live/polling?room_id=${live.roomId}`)
    expect((first.body.toast as { message: string }).message).toBe(
      '視聴ボーナスで無料ギフトを受け取りました',
    )
    const again = await viewer.json(`/api/live/polling?room_id=${live.roomId}`)
    expect(again.body.toast).toBeUndefined()
    const me = (await viewer.json('/api/current_user')).body as {
      gift_list: { normal: Array<{ gift_id: number; free_num: number }> }
    }
    expect(me.gift_list.normal.find((g) => g.gift_id === 1)?.free_num).toBe(FREE_GIFT_CAP)
    expect(me.gift_list.normal.find((g) => g.gift_id === 2)?.free_num).toBeGreaterThanOrEqual(
      FREE_GIFT_GRANT,
    )
  })

  it('sends every free star held at once (bulk_gifting_free), at most 10 of each', async () => {
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 0 })
      .where('user_id', '=', userId)
      .execute()
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 25 })
      .where('user_id', '=', userId)
      .where('gift_id', '=', 2)
      .execute()
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 3 })
      .where('user_id', '=', userId)
      .where('gift_id', '=', 1001)
      .execute()
    const since = await lastLedgerId()
    const { status, body } = await viewer.postForm('/api/live/bulk_gifting_free', {
      live_id: String(live.liveId),
    })
    expect(status).toBe(200)
    expect(body.gifts).toEqual([
      { gift_id: 2, num: 10 },
      { gift_id: 1001, num: 3 },
    ])
    expect(await ledgerSum(since)).toEqual({ gold: 0, expiring: 0, free: -13 })
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 0 })
      .where('user_id', '=', userId)
      .execute()
    const none = await viewer.postForm('/api/live/bulk_gifting_free', {
      live_id: String(live.liveId),
    })
    expect(errorOf(none.body)).toBe(giftMessages.noFreeStock)
  })

  it('sends no free star of a bulk gift when one of them cannot go (all or nothing)', async () => {
    await db()
      .updateTable('user_free_gifts')
      .set({ num: 0 })
      .where('user_id', '=', userId)
      .execute()
    for (const [giftId, num] of [
      [2, 6],
      [1001, 4],
    ] as const) {
      await db()
        .updateTable('user_free_gifts')
        .set({ num })
        .where('user_id', '=', userId)
        .where('gift_id', '=', giftId)
        .execute()
    }
    // The second star was withdrawn meanwhile: its send fails after the first one's.
    await db().updateTable('gifts').set({ is_hidden: true }).where('id', '=', 1001).execute()
    const since = await lastLedgerId()
    try {
      const failed = await viewer.postForm('/api/live/bulk_gifting_free', {
        live_id: String(live.liveId),
      })
      expect(failed.status).toBe(404)
      expect(await ledgerSum(since)).toEqual({ gold: 0, expiring: 0, free: 0 })
      const stock = await db()
        .selectFrom('user_free_gifts')
        .select(['gift_id', 'num'])
        .where('user_id', '=', userId)
        .where('gift_id', 'in', [2, 1001])
        .orderBy('gift_id')
        .execute()
      expect(stock).toEqual([
        { gift_id: 2, num: 6 },
        { gift_id: 1001, num: 4 },
      ])
    } finally {
      await db().updateTable('gifts').set({ is_hidden: false }).where('id', '=', 1001).execute()
    }
  })

  it('turns the paid-gift confirmation off and on (update_gift_use_flg)', async () => {
    const off = await viewer.postForm('/user/update_gift_use_flg', { type: '1', flg: '0' })
    expect(off.body).toEqual({ ok: '1' })
    expect((await viewer.json('/api/current_user')).body.is_confirm_gifting_use_gold).toBe(false)
    await viewer.postForm('/user/update_gift_use_flg', { type: '1', flg: '1' })
    expect((await viewer.json('/api/current_user')).body.is_confirm_gifting_use_gold).toBe(true)
    expect(
      (await viewer.postForm('/user/update_gift_use_flg', { type: '1', flg: '2' })).status,
    ).toBe(400)
  })

  it("ranks the live's supporters on the stage and the room's fans in the summary", async () => {
    const liver = new TestClient(server.url)
    await liver.login('demo_liver', 'kirari-demo')
    const sent = await liver.postForm('/api/live/gifting_point_use', {
      live_id: String(live.liveId),
      gift_id: '3',
      num: '5',
    })
    expect(sent.status).toBe(200)
    const stage = (await viewer.json(`/api/live/stage_user_list?room_id=${live.roomId}`)).body
      .stage_user_list as Array<{ rank: number; score: number; user: { name: string } }>
    expect(stage.map((s) => [s.rank, s.user.name])).toEqual([
      [1, 'デモ視聴者'],
      [2, 'デモ ライバー'],
    ])
    expect(stage[1]?.score).toBe(5)
    const summary = (await viewer.json(`/api/live/summary_ranking?room_id=${live.roomId}`))
      .body as {
      ranking: Array<{ rank: number; point: number; user: { name: string } }>
      total_point: number
    }
    expect(summary.ranking.at(-1)).toMatchObject({
      rank: 2,
      point: 5,
      user: { name: 'デモ ライバー' },
    })
    expect(summary.total_point).toBe(summary.ranking.reduce((sum, r) => sum + r.point, 0))
  })

  it('keeps the towers and castles sent in the live on its stage, each gift once with its count', async () => {
    const stageOf = async (roomId: number) =>
      (await viewer.json(`/api/live/stage_gift_list?room_id=${roomId}`)).body
        .stage_gift_list as Array<{ gift_id: number; num: number; image: string }>
    const before = (await stageOf(live.roomId)).find((g) => g.gift_id === 21)?.num ?? 0
    await db().updateTable('users').set({ gold: 50_000 }).where('id', '=', userId).execute()
    expect((await gift('paid', 21, 2)).status).toBe(200)
    expect((await gift('paid', 21, 1)).status).toBe(200)
    // A gift that leaves the stage is not on it.
    expect((await gift('paid', 3, 1)).status).toBe(200)
    const stage = await stageOf(live.roomId)
    expect(stage.find((g) => g.gift_id === 21)).toMatchObject({
      num: before + 3,
      image: '/img/gift/21.svg',
    })
    expect(stage.map((g) => g.gift_id).every((id) => id === 21 || id === 23)).toBe(true)
    // Off air, a room's stage is empty.
    const offAir = await db()
      .selectFrom('rooms')
      .select('id')
      .where(
        'id',
        'not in',
        db().selectFrom('lives').select('room_id').where('ended_at', 'is', null),
      )
      .executeTakeFirstOrThrow()
    expect(await stageOf(offAir.id)).toEqual([])
  })
})

describe.each(await testEngines())('votes on %s', (engine) => {
  let server: TestServer
  let viewer: TestClient
  let owner: TestClient
  let live: Awaited<ReturnType<typeof liveOf>>

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = new TestClient(server.url)
    owner = new TestClient(server.url)
    await viewer.login('demo_viewer', 'kirari-demo')
    await owner.login('demo_liver', 'kirari-demo')
    live = await liveOf(server, 'demo_liver_room')
  })
  afterAll(() => server.close())

  const vote = (answer: number, num = 1) =>
    viewer.postForm('/api/live/gifting_free', {
      live_id: String(live.liveId),
      gift_id: String(10000 + answer),
      num: String(num),
    })

  it('opens a vote (owner only), takes votes from a stock of 10 per answer, closes with the results pushed as t:4', async () => {
    expect(errorOf((await vote(1)).body)).toBe('現在アンケートは実施されていません。')
    const notOwner = await viewer.postForm('/api/encoder/enquete_start', {
      live_id: String(live.liveId),
      options: '3',
    })
    expect(notOwner.status).toBe(403)
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    const started = await owner.postForm('/api/encoder/enquete_start', {
      live_id: String(live.liveId),
      options: '3',
    })
    expect(started.status).toBe(200)
    await socket.waitFor((f) => f.includes('"t":3'))
    expect((await viewer.json(`/api/live/live_info?room_id=${live.roomId}`)).body).toMatchObject({
      is_enquete: true,
      enquete_gift_num: 3,
    })
    const me = (await viewer.json(`/api/live/current_user?room_id=${live.roomId}`)).body as {
      gift_list: { enquete: Array<{ gift_id: number; free_num: number }> }
    }
    expect(me.gift_list.enquete).toEqual([
      { gift_id: 10001, free_num: 10 },
      { gift_id: 10002, free_num: 10 },
      { gift_id: 10003, free_num: 10 },
    ])

    expect((await vote(2, 6)).body.free_num).toBe(4)
    expect(errorOf((await vote(4)).body)).toBe('この選択肢はアンケートにありません。')
    // 20 at once against the 4 left of answer 2: exactly 4 count.
    const burst = await Promise.all(Array.from({ length: 20 }, () => vote(2)))
    expect(burst.filter((r) => r.status === 200)).toHaveLength(4)
    expect(errorOf((await vote(2)).body)).toBe('このアンケートで使える投票ギフトが残っていません。')
    // Answer 1 has its own stock.
    expect((await vote(1, 4)).body.free_num).toBe(6)

    const ended = await owner.postForm('/api/encoder/enquete_end', { live_id: String(live.liveId) })
    expect(ended.status).toBe(200)
    const frame = await socket.waitFor((f) => f.includes('"t":4'))
    const results = payloadOf(frame).results as Array<{
      gift_id: number
      num: number
      rate: number
    }>
    expect(results.map((r) => [r.gift_id, r.num, r.rate])).toEqual([
      [10001, 4, 28.6],
      [10002, 10, 71.4],
      [10003, 0, 0],
    ])
    socket.ws.close()
    const after = (await viewer.json(`/api/live/enquete_result?room_id=${live.roomId}`)).body
    expect(after).toMatchObject({ is_enquete: false })
    expect(errorOf((await vote(1)).body)).toBe('現在アンケートは実施されていません。')
  })
})
