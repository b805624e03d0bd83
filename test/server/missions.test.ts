import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MissionAnswer, MissionSet } from '../../src/contract/mission.ts'
import { dailyPeriodAt, missionDay } from '../../src/domain/missions.ts'
import { publishComment } from '../../server/services/comments.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { endLive, openLive, startLive } from '../../server/services/lives.ts'
import { forgetMissionCatalogue } from '../../server/services/missions/catalogue.ts'
import { advanceMissions, advanceMissionsOver } from '../../server/services/missions/progress.ts'
import { receiveMission } from '../../server/services/missions/receive.ts'
import { creditWatching } from '../../server/services/missions/watching.ts'
import { setFollow } from '../../server/services/room-social.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

const PAID_GIFT = 3
const RED_STAR = 1
/** The seeded "comment 3 times" missions of the day and night sets, and the month's paid gifts. */
const COMMENT_MISSION = { day: 101, night: 201 } as const
const PAID_MONTHLY = 302

describe.each(await testEngines())('missions on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  let roomId = 0
  let ownerId = 0
  let live = { live_id: 0, bcsvr_key: '' }

  const progress = (userId: number, missionId: number) =>
    db()
      .selectFrom('mission_progress')
      .select(['value', 'achieved', 'received', 'window_start', 'last_day'])
      .where('user_id', '=', userId)
      .where('mission_id', '=', missionId)
      .orderBy('window_start', 'desc')
      .executeTakeFirst()

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const room = await db()
      .selectFrom('rooms')
      .innerJoin('users', 'users.id', 'rooms.owner_user_id')
      .select(['rooms.id', 'users.id as owner'])
      .where('users.account_id', '=', 'demo_liver')
      .executeTakeFirstOrThrow()
    roomId = room.id
    ownerId = room.owner
    const open = await openLive(db(), { roomId })
    live =
      open ??
      (await startLive(db(), { id: roomId }, { restart: false, abroad: false, nowMs: Date.now() }))
  })
  afterAll(() => server.close())

  it('lists the genres as SPEC §3 has them, liver missions for owners only, and refuses bad input', async () => {
    const anonymous = await server.get(`/api/mission?room_id=${roomId}`)
    expect(anonymous.status).toBe(200)
    const answer = (await anonymous.json()) as MissionAnswer
    expect(answer.is_login).toBe(false)
    const [daily, monthly, limited] = answer.genres
    if (daily?.genre !== 'daily' || monthly?.genre !== 'monthly' || limited?.genre !== 'limited') {
      throw new Error(`genres: ${answer.genres.map((g) => g.genre).join()}`)
    }
    expect(daily.current_period).toBe(dailyPeriodAt(answer.now * 1000))
    const sets: MissionSet[] = [daily.day, daily.night, monthly]
    for (const set of sets) {
      expect(set.composite_mission).toMatchObject({ kind: 'composite', current_value: 0 })
      expect(set.single_mission.length).toBeGreaterThan(0)
      expect(set.ends_at - set.starts_at).toBeGreaterThan(0)
    }
    // The set open now holds the server's clock; the other one starts when it ends.
    const open = daily[daily.current_period]
    const other = daily[daily.current_period === 'day' ? 'night' : 'day']
    expect(answer.now).toBeGreaterThanOrEqual(open.starts_at)
    expect(other.starts_at).toBe(open.ends_at)
    expect(limited.periods.length).toBe(2)
    expect(limited.all_days_mission.length).toBeGreaterThan(0)
    const every = JSON.stringify(answer)
    expect(every).not.toContain('"for_owner":true')

    const liver = await logInDemo(server, 'demo_liver')
    const own = await liver.client.json('/api/mission')
    expect(JSON.stringify(own.body)).toContain('"for_owner":true')

    expect((await server.get('/api/mission?room_id=99999999')).status).toBe(404)
    expect((await server.get('/api/mission?room_id=abc')).status).toBe(400)
    const unknown = await liver.client.postJson('/api/mission/receive', { mission_id: 999_999 })
    expect(unknown).toMatchObject({ status: 404 })
    const early = await liver.client.postJson('/api/mission/receive', { mission_id: 301 })
    expect(early.status).toBe(400)
    expect(JSON.stringify(early.body)).toContain('NOT_ACHIEVED')
    const anonymousReceive = await fetch(`${server.url}/api/mission/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mission_id: 301 }),
    })
    expect([401, 403]).toContain(anonymousReceive.status)
  })

  it('counts 20 concurrent comments exactly and reports each level reached once', async () => {
    const [fan = 0] = await makeFans(db(), `mission_comments_${engine}`, 1)
    const user = { id: fan, name: 'ファン', avatar_id: 1 }
    const period = dailyPeriodAt(Date.now())
    const posted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publishComment(db(), server.hub, live, user, `c${i}`)),
    )
    const comment = await progress(fan, COMMENT_MISSION[period])
    // "Comment 3 times" has levels at 3, 10 and 30: 20 comments reach two of them.
    expect(comment).toMatchObject({ value: 20, achieved: 2, received: 0 })
    // Each level of every mission the comments reached was reported by exactly one comment.
    const reached = await db()
      .selectFrom('mission_progress')
      .select((eb) => eb.fn.sum<string>('achieved').as('n'))
      .where('user_id', '=', fan)
      .executeTakeFirstOrThrow()
    expect(posted.filter((p) => p.achieved).length).toBe(Number(reached.n))

    // Ten more red stars would pass the stock's cap of 99: the reward waits, nothing received.
    await db()
      .insertInto('user_free_gifts')
      .values({ user_id: fan, gift_id: RED_STAR, num: 95 })
      .execute()
    await expect(
      receiveMission(db(), { userId: fan, missionId: COMMENT_MISSION[period], atMs: Date.now() }),
    ).rejects.toMatchObject({ status: 400, extra: { errorType: 'FREE_GIFT_FULL' } })
    expect(await progress(fan, COMMENT_MISSION[period])).toMatchObject({ received: 0 })
    await db().deleteFrom('user_free_gifts').where('user_id', '=', fan).execute()

    // The first reward (10 red stars) reaches the stock once, with its ledger row.
    const first = await receiveMission(db(), {
      userId: fan,
      missionId: COMMENT_MISSION[period],
      atMs: Date.now(),
    })
    expect(first).toMatchObject({
      received_reward_type: 'gift',
      received_num: 10,
      mission: { current_level: 2, target_value: 10, remain_reward: 1, reward: 'receivable' },
    })
    const stock = await db()
      .selectFrom('user_free_gifts')
      .select('num')
      .where('user_id', '=', fan)
      .where('gift_id', '=', RED_STAR)
      .executeTakeFirstOrThrow()
    expect(stock.num).toBe(10)
    const ledger = await db()
      .selectFrom('ledger')
      .select(['free_delta', 'gift_id'])
      .where('user_id', '=', fan)
      .where('reason', '=', 'mission')
      .execute()
    expect(ledger).toEqual([{ free_delta: 10, gift_id: RED_STAR }])
  })

  it('grants one reward to 50 concurrent receives of one achieved mission', async () => {
    const [fan = 0] = await makeFans(db(), `mission_receive_${engine}`, 1, 1_000)
    const sent = await sendGift(
      db(),
      server.hub,
      { userId: fan, liveId: live.live_id, giftId: PAID_GIFT, num: 50 },
      'paid',
    )
    expect(sent.mission.has_achievement).toBe(true)
    const before = await db()
      .selectFrom('users')
      .select('gold')
      .where('id', '=', fan)
      .executeTakeFirstOrThrow()
    // The receives race each other and ten more paid gifts of the same viewer (which lock the
    // user and the mission's row too): one reward, every gift, no deadlock.
    const [tries, gifts] = await Promise.all([
      Promise.allSettled(
        Array.from({ length: 50 }, () =>
          receiveMission(db(), { userId: fan, missionId: PAID_MONTHLY, atMs: Date.now() }),
        ),
      ),
      Promise.all(
        Array.from({ length: 10 }, () =>
          sendGift(
            db(),
            server.hub,
            { userId: fan, liveId: live.live_id, giftId: PAID_GIFT, num: 1 },
            'paid',
          ),
        ),
      ),
    ])
    expect(gifts).toHaveLength(10)
    const granted = tries.filter((t) => t.status === 'fulfilled')
    expect(granted).toHaveLength(1)
    // The others find the next level (200 gifts) not reached.
    for (const t of tries) {
      if (t.status === 'rejected')
        expect(t.reason).toMatchObject({ extra: { errorType: 'NOT_ACHIEVED' } })
    }
    const after = await db()
      .selectFrom('users')
      .select('gold')
      .where('id', '=', fan)
      .executeTakeFirstOrThrow()
    // Ten gold received, ten spent on the gifts.
    expect(after.gold - before.gold).toBe(10 - 10)
    const rows = await db()
      .selectFrom('ledger')
      .select(['gold_delta'])
      .where('user_id', '=', fan)
      .where('reason', '=', 'mission')
      .execute()
    expect(rows).toEqual([{ gold_delta: 10 }])
    expect(await progress(fan, PAID_MONTHLY)).toMatchObject({
      value: 60,
      achieved: 1,
      received: 1,
    })

    // A mission of one level, received, is received.
    const FOLLOW_MONTHLY = 303
    const rooms = await db().selectFrom('rooms').select('id').limit(3).execute()
    for (const r of rooms) await setFollow(db(), fan, r.id, true)
    await receiveMission(db(), { userId: fan, missionId: FOLLOW_MONTHLY, atMs: Date.now() })
    await expect(
      receiveMission(db(), { userId: fan, missionId: FOLLOW_MONTHLY, atMs: Date.now() }),
    ).rejects.toMatchObject({ status: 409, extra: { errorType: 'ALREADY_RECEIVED' } })
  })

  it('keeps the Tokyo windows: the day set counts from 05:00, the night set from 17:00', async () => {
    const [fan = 0] = await makeFans(db(), `mission_windows_${engine}`, 1)
    const at = (iso: string) => Date.parse(iso)
    const comment = (iso: string) =>
      db()
        .transaction()
        .execute((tx) =>
          advanceMissions(tx, { userId: fan, action: 'comment', amount: 1, atMs: at(iso) }),
        )
    // 04:59 Tokyo on Jan 6 is still the night of Jan 5; 05:00 starts the day set.
    await comment('2026-01-05T19:59:00Z')
    await comment('2026-01-05T20:00:00Z')
    await comment('2026-01-06T07:59:59Z')
    await comment('2026-01-06T08:00:00Z')
    const rows = await db()
      .selectFrom('mission_progress')
      .select(['mission_id', 'window_start', 'value'])
      .where('user_id', '=', fan)
      .where('mission_id', 'in', [COMMENT_MISSION.day, COMMENT_MISSION.night])
      .orderBy('window_start')
      .execute()
    expect(rows.map((r) => [r.mission_id, r.window_start.toISOString(), r.value])).toEqual([
      [COMMENT_MISSION.night, '2026-01-05T08:00:00.000Z', 1],
      [COMMENT_MISSION.day, '2026-01-05T20:00:00.000Z', 2],
      [COMMENT_MISSION.night, '2026-01-06T08:00:00.000Z', 1],
    ])
  })

  it('clears a composite mission once every viewer single mission of its set is cleared', async () => {
    const [fan = 0] = await makeFans(db(), `mission_composite_${engine}`, 1)
    const COMPOSITE_DAY = 106
    // 10:00 Tokyo: the day set.
    const atMs = Date.parse('2026-02-10T01:00:00Z')
    const act = (action: 'comment' | 'free_gift' | 'watch_minutes', amount: number) =>
      db()
        .transaction()
        .execute((tx) => advanceMissions(tx, { userId: fan, action, amount, atMs }))
    await act('comment', 3)
    await act('comment', 1)
    await act('free_gift', 10)
    expect(await progress(fan, COMPOSITE_DAY)).toMatchObject({ value: 2, achieved: 0 })
    expect(await act('watch_minutes', 10)).toBe(true)
    // A later level of a cleared mission does not count again.
    await act('comment', 20)
    expect(await progress(fan, COMPOSITE_DAY)).toMatchObject({ value: 3, achieved: 1 })
  })

  it('counts days in a row for a continuous mission, and keeps what a broken streak reached', async () => {
    const [fan = 0] = await makeFans(db(), `mission_streak_${engine}`, 1)
    const CONTINUOUS_DAY = 105
    for (const iso of [
      '2026-03-02T00:00:00Z',
      '2026-03-02T01:00:00Z',
      '2026-03-03T00:00:00Z',
      '2026-03-04T00:00:00Z',
    ]) {
      await db()
        .transaction()
        .execute((tx) =>
          advanceMissions(tx, { userId: fan, action: 'comment', amount: 1, atMs: Date.parse(iso) }),
        )
    }
    expect(await progress(fan, CONTINUOUS_DAY)).toMatchObject({ value: 3, achieved: 1 })
    await db()
      .transaction()
      .execute((tx) =>
        advanceMissions(tx, {
          userId: fan,
          action: 'comment',
          amount: 1,
          atMs: Date.parse('2026-03-06T00:00:00Z'),
        }),
      )
    const broken = await progress(fan, CONTINUOUS_DAY)
    expect(broken).toMatchObject({ value: 1, achieved: 1 })
    expect(broken?.last_day?.toISOString().slice(0, 10)).toBe(
      missionDay(Date.parse('2026-03-06T00:00:00Z')),
    )
  })

  it("counts follows once per room, minutes watched once, and a liver's lives and time on air", async () => {
    const [fan = 0] = await makeFans(db(), `mission_misc_${engine}`, 1)
    const FOLLOW_MONTHLY = 303
    await setFollow(db(), fan, roomId, true)
    await setFollow(db(), fan, roomId, false)
    await Promise.all([setFollow(db(), fan, roomId, true), setFollow(db(), fan, roomId, true)])
    expect(await progress(fan, FOLLOW_MONTHLY)).toMatchObject({ value: 1 })

    const WATCH_DAYS_MONTHLY = 305
    const t0 = Date.now() - 20 * 60_000
    await creditWatching(db(), fan, t0)
    await Promise.all([
      creditWatching(db(), fan, t0 + 150_000),
      creditWatching(db(), fan, t0 + 150_000),
    ])
    const mark = await db()
      .selectFrom('users')
      .select('watch_credited_at')
      .where('id', '=', fan)
      .executeTakeFirstOrThrow()
    // 2 minutes 30 seconds, polled twice: two whole minutes credited once, the 30 seconds wait
    // for the next poll.
    expect(mark.watch_credited_at?.getTime()).toBe(t0 + 120_000)
    expect(await progress(fan, WATCH_DAYS_MONTHLY)).toMatchObject({ value: 1 })

    const OWNER_MONTHLY_MINUTES = 307
    const open = await openLive(db(), { roomId })
    if (open) await endLive(db(), server.hub, open)
    const before = (await progress(ownerId, OWNER_MONTHLY_MINUTES))?.value ?? 0
    const again = await startLive(
      db(),
      { id: roomId },
      { restart: false, abroad: false, nowMs: Date.now() - 31 * 60_000 },
    )
    await endLive(db(), server.hub, again)
    expect((await progress(ownerId, OWNER_MONTHLY_MINUTES))?.value).toBe(before + 31)
    // A live from 16:40 to 17:20 Tokyo: 20 of its minutes are the night's.
    const NIGHT_ON_AIR = 204
    await db()
      .transaction()
      .execute((tx) =>
        advanceMissionsOver(tx, {
          userId: ownerId,
          action: 'on_air_minutes',
          fromMs: Date.parse('2026-04-07T07:40:00Z'),
          toMs: Date.parse('2026-04-07T08:20:30Z'),
        }),
      )
    const april = await db()
      .selectFrom('mission_progress')
      .select(['mission_id', 'value'])
      .where('user_id', '=', ownerId)
      .where('window_start', '>=', new Date('2026-03-31T00:00:00Z'))
      .where('window_start', '<', new Date('2026-05-01T00:00:00Z'))
      .orderBy('mission_id')
      .execute()
    expect(april).toEqual([
      { mission_id: NIGHT_ON_AIR, value: 20 },
      { mission_id: OWNER_MONTHLY_MINUTES, value: 40 },
    ])
    const LIVE_DAYS_MONTHLY = 306
    expect((await progress(ownerId, LIVE_DAYS_MONTHLY))?.value).toBeGreaterThanOrEqual(1)
    live = await startLive(
      db(),
      { id: roomId },
      { restart: false, abroad: false, nowMs: Date.now() },
    )
  })

  it('ends a limited campaign: no genre, and its rewards cannot be received', async () => {
    await db()
      .updateTable('mission_campaigns')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .execute()
    forgetMissionCatalogue()
    const answer = (await (await server.get('/api/mission')).json()) as MissionAnswer
    expect(answer.genres.map((g) => g.genre)).toEqual(['daily', 'monthly'])
    const viewer = await logInDemo(server, 'demo_viewer')
    const ended = await viewer.client.postJson('/api/mission/receive', { mission_id: 403 })
    expect(ended.status).toBe(400)
    expect(JSON.stringify(ended.body)).toContain('PERIOD_ENDED')
  })
})
