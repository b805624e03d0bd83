import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NoticeListAnswer } from '../../src/contract/notice.ts'
import { endLive, startLive } from '../../server/services/lives.ts'
import { runNoticeFanouts } from '../../server/services/notices/fanout.ts'
import { publishNews } from '../../server/services/notices/news.ts'
import { setFollow } from '../../server/services/room-social.ts'
import { advanceMissions } from '../../server/services/missions/progress.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

const FOLLOWERS = 10_000

describe.each(await testEngines())('notices on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  let roomId = 0

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'sports_ken')
      .executeTakeFirstOrThrow()
    roomId = room.id
    // The demo's welcome news reaches everyone now, read, so the counts below are the tests' own.
    await runNoticeFanouts(db())
    await db().updateTable('user_notices').set({ read_at: new Date() }).execute()
  })
  afterAll(() => server.close())

  it('tells each of 10,000 followers once of a live, however often it starts or fans out', async () => {
    // In one statement: 10,001 rows are more parameters than a statement may carry.
    const made = await sql<{ id: number }>`
      insert into users (account_id, name, birthday)
      select ${`notice_${engine}_`}::text || g, 'ファン' || g, 20000101
      from generate_series(0, ${FOLLOWERS}::int) as g
      returning id`.execute(db())
    const fans = made.rows.map((r) => r.id).sort((a, b) => a - b)
    await sql`
      insert into follows (user_id, room_id, push_send_status)
      select id, ${roomId}::int, id <> ${fans[FOLLOWERS] ?? 0}::int
      from users where account_id like ${`notice_${engine}_%`}`.execute(db())
    const viewer = await logInDemo(server, 'demo_viewer')
    await setFollow(db(), viewer.userId, roomId, true)

    const nowMs = Date.now()
    const starts = await Promise.allSettled([
      startLive(db(), { id: roomId }, { restart: false, abroad: false, nowMs }),
      startLive(db(), { id: roomId }, { restart: false, abroad: false, nowMs }),
    ])
    const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
    expect(started).toHaveLength(1)
    const live = started[0]
    if (!live) throw new Error('no live')
    // Several runners at once (the server's own job runs too): each batch is done once.
    await Promise.all([runNoticeFanouts(db()), runNoticeFanouts(db())])
    // The live ends and comes back within the restart window: the same live, no new notice.
    await endLive(db(), server.hub, live)
    await startLive(db(), { id: roomId }, { restart: true, abroad: false, nowMs: Date.now() })
    await runNoticeFanouts(db())

    const counts = await db()
      .selectFrom('user_notices')
      .select([
        sql<number>`count(*)::int`.as('notices'),
        sql<number>`count(distinct user_id)::int`.as('users'),
      ])
      .where('live_id', '=', live.live_id)
      .executeTakeFirstOrThrow()
    // The 10,000 fans and the demo viewer; not the fan who turned the room's notices off.
    expect(counts).toEqual({ notices: FOLLOWERS + 1, users: FOLLOWERS + 1 })
    const off = await db()
      .selectFrom('user_notices')
      .select('id')
      .where('user_id', '=', fans[FOLLOWERS] ?? 0)
      .execute()
    expect(off).toEqual([])

    // The viewer's header dot, the list, and reading one.
    const me = await viewer.client.json('/api/current_user')
    expect(me.body).toMatchObject({ has_unread_user_notice: true, has_user_unread_notice: true })
    const list = (await viewer.client.json('/api/notice')).body as unknown as NoticeListAnswer
    expect(list.unread_num).toBe(1)
    const notice = list.notices[0]
    expect(notice).toMatchObject({ kind: 'live_start', url: '/r/sports_ken', is_read: false })
    const opened = await viewer.client.json(`/api/notice/${notice?.id ?? 0}`)
    expect(opened.body).toMatchObject({ notice: { id: notice?.id, is_read: true } })
    const after = await viewer.client.json('/api/current_user')
    expect(after.body).toMatchObject({ has_unread_user_notice: false })

    // Someone else's notice, a bad id, no login.
    const liver = await logInDemo(server, 'demo_liver')
    expect((await liver.client.json(`/api/notice/${notice?.id ?? 0}`)).status).toBe(404)
    expect((await liver.client.json('/api/notice/abc')).status).toBe(404)
    expect((await server.get('/api/notice')).status).toBe(401)
  })

  it("shows the owner's greeting to followers only, and tells a user of a mission reached", async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const own = await db()
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', liver.userId)
      .executeTakeFirstOrThrow()
    const saved = await liver.client.postJson('/api/room/greeting', {
      room_id: own.id,
      greeting: ' いつもありがとう！ ',
    })
    expect(saved.body).toEqual({ greeting: 'いつもありがとう！', is_shown: true })
    const viewer = await logInDemo(server, 'demo_viewer')
    const path = `/api/room/greeting?room_id=${own.id}`
    await setFollow(db(), viewer.userId, own.id, false)
    expect((await viewer.client.json(path)).body).toEqual({ greeting: '', is_shown: false })
    await setFollow(db(), viewer.userId, own.id, true)
    expect((await viewer.client.json(path)).body).toEqual({
      greeting: 'いつもありがとう！',
      is_shown: true,
    })
    expect(await (await server.get(path)).json()).toEqual({ greeting: '', is_shown: false })
    const stranger = await viewer.client.postJson('/api/room/greeting', {
      room_id: own.id,
      greeting: 'x',
    })
    expect(stranger.status).toBe(403)

    const before = (await viewer.client.json('/api/notice')).body as unknown as NoticeListAnswer
    await db()
      .transaction()
      .execute((tx) =>
        advanceMissions(tx, {
          userId: viewer.userId,
          action: 'follow',
          amount: 3,
          atMs: Date.now(),
        }),
      )
    const after = (await viewer.client.json('/api/notice')).body as unknown as NoticeListAnswer
    expect(after.unread_num).toBe(before.unread_num + 1)
    expect(after.notices[0]).toMatchObject({ kind: 'mission', url: '/mission', is_read: false })
  })

  it('tells every user of site news once, and only those who had an account when it came out', async () => {
    const users = await db()
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('is_bot', '=', false)
      .executeTakeFirstOrThrow()
    const later = new Date(Date.now() + 3_600_000)
    const newsId = await publishNews(db(), { title: `お知らせ ${engine}`, url: '/mission' })
    const scheduled = await publishNews(db(), { title: 'まだ先', publishedAt: later })
    await Promise.all([runNoticeFanouts(db()), runNoticeFanouts(db())])
    await db()
      .insertInto('users')
      .values({ account_id: `news_late_${engine}`, name: 'あとから', birthday: 20000101 })
      .execute()
    await runNoticeFanouts(db())
    const told = await db()
      .selectFrom('user_notices')
      .select([
        'news_id',
        sql<number>`count(*)::int`.as('notices'),
        sql<number>`count(distinct user_id)::int`.as('users'),
      ])
      .where('news_id', 'in', [newsId, scheduled])
      .groupBy('news_id')
      .execute()
    expect(told).toEqual([{ news_id: newsId, notices: users.n, users: users.n }])
    const viewer = await logInDemo(server, 'demo_viewer')
    const list = (await viewer.client.json('/api/notice')).body as unknown as NoticeListAnswer
    expect(list.notices[0]).toMatchObject({
      kind: 'news',
      title: `お知らせ ${engine}`,
      url: '/mission',
    })
  })

  it('reminds followers the day before a scheduled live, once per time', async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const viewer = await logInDemo(server, 'demo_viewer')
    const own = await db()
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', liver.userId)
      .executeTakeFirstOrThrow()
    await setFollow(db(), viewer.userId, own.id, true)
    const hour = 3_600_000
    const inTokyo = (ms: number) => new Date(ms + 9 * hour).toISOString().slice(0, 16)
    const starts = Math.ceil((Date.now() + 30 * hour) / hour) * hour
    const schedule = (ms: number, title: string) =>
      liver.client.postJson('/api/room/next_live', {
        room_id: own.id,
        starts_at: inTokyo(ms),
        title,
      })
    expect((await schedule(starts, '新曲の配信')).status).toBe(200)
    const reminders = () =>
      db()
        .selectFrom('user_notices')
        .select(['title', 'body', 'url', 'schedule_at'])
        .where('user_id', '=', viewer.userId)
        .where('kind', '=', 'schedule')
        .where('room_id', '=', own.id)
        .orderBy('id')
        .execute()
    // More than a day ahead: nothing yet.
    await runNoticeFanouts(db())
    expect(await reminders()).toEqual([])
    // Within the day before: once, however many runners.
    const dayBefore = starts - 20 * hour
    await Promise.all([runNoticeFanouts(db(), dayBefore), runNoticeFanouts(db(), dayBefore)])
    await runNoticeFanouts(db(), dayBefore + hour)
    const once = await reminders()
    expect(once).toHaveLength(1)
    expect(once[0]).toMatchObject({ body: '新曲の配信', schedule_at: new Date(starts) })
    expect(once[0]?.title).toMatch(/の配信予定: (今日|明日) \d\d:00$/)
    // A new title alone is not told again; a new time is.
    await schedule(starts, '新曲の配信（曲目変更）')
    await runNoticeFanouts(db(), dayBefore + hour)
    expect(await reminders()).toHaveLength(1)
    await schedule(starts + hour, '新曲の配信')
    await runNoticeFanouts(db(), dayBefore + hour)
    expect((await reminders()).map((r) => r.schedule_at)).toEqual([
      new Date(starts),
      new Date(starts + hour),
    ])
    await liver.client.postJson('/api/room/next_live', {
      room_id: own.id,
      starts_at: '',
      title: '',
    })
  })
})
