import fs from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishComment } from '../../server/services/comments.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { liveViewer } from '../../server/services/live-viewer.ts'
import { endLive, startLive } from '../../server/services/lives.ts'
import { badgeBoard } from '../../server/services/rankings/badges.ts'
import { setFollow } from '../../server/services/room-social.ts'
import { BADGES } from '../../src/domain/badges.ts'
import { MEDALS } from '../../src/domain/medals.ts'
import { periodEnd, periodStart } from '../../src/domain/scores.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

const PAID_GIFT = 3

describe.each(await testEngines())('standing: grade, SHOWRANK, medals, memory on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  let owner: Awaited<ReturnType<typeof logInDemo>>
  let roomId = 0
  let fan = 0
  /** Lives the demo seeded in the room (this month). */
  let seededLives = 0

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    owner = await logInDemo(server, 'demo_liver')
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', owner.userId)
      .executeTakeFirstOrThrow()
    roomId = room.id
    const lives = await db()
      .selectFrom('lives')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow()
    seededLives = Number(lives.n)
    ;[fan = 0] = await makeFans(db(), `standing_${engine}`, 1)
  })
  afterAll(() => server.close())

  it('earns each medal once, in the transaction of what earned it, races included', async () => {
    const nowMs = Date.now()
    // The demo has the room on air: that live ends, and a new one starts.
    const seeded = await db()
      .selectFrom('lives')
      .select(['id as live_id', 'bcsvr_key'])
      .where('room_id', '=', roomId)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
    if (seeded) await endLive(db(), server.hub, seeded)
    const live = await startLive(db(), { id: roomId }, { restart: false, abroad: false, nowMs })
    const user = { id: fan, name: 'ファン', avatar_id: 1 }
    await liveViewer(db(), roomId, fan)
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => publishComment(db(), server.hub, live, user, `c${i}`)),
    )
    await Promise.all(
      Array.from({ length: 3 }, () =>
        sendGift(
          db(),
          server.hub,
          { userId: fan, liveId: live.live_id, giftId: PAID_GIFT, num: 1 },
          'paid',
        ),
      ),
    )
    await Promise.all([setFollow(db(), fan, roomId, true), setFollow(db(), fan, roomId, true)])
    await endLive(db(), server.hub, live)

    const mine = await db()
      .selectFrom('medals')
      .select(['owner', 'medal_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('owner', '=', 'user'), eb('owner_id', '=', fan)]),
          eb.and([eb('owner', '=', 'room'), eb('owner_id', '=', roomId)]),
        ]),
      )
      .orderBy('medal_id')
      .execute()
    expect(mine.map((m) => m.medal_id)).toEqual([
      MEDALS.first_live.id,
      MEDALS.first_comment.id,
      MEDALS.first_gift.id,
      MEDALS.first_paid_gift.id,
      MEDALS.first_follow.id,
    ])

    const medals = await owner.client.json(`/api/user/medals?user_id=${fan}`)
    expect(medals.status).toBe(200)
    expect((medals.body.medals as unknown[]).length).toBe(4)
    const room = await owner.client.json(`/api/room/medals?room_id=${roomId}`)
    expect(room.body.medals).toMatchObject([{ kind: 'first_live', ref_id: 0 }])
    const one = await owner.client.json(
      `/api/room/medal?room_id=${roomId}&medal_id=${MEDALS.streak_7.id}`,
    )
    expect(one.body).toMatchObject({ medal: { kind: 'streak_7', earned: 0 }, earned: [] })
    expect((await server.get(`/img/medal/${MEDALS.first_live.id}.svg`)).status).toBe(200)
    expect((await server.get(`/api/user/medal?medal_id=${MEDALS.first_live.id}`)).status).toBe(401)

    // The live's result, for its owner only: what it really had.
    const result = await owner.client.json(`/api/show_rank/live_result?room_id=${roomId}`)
    expect(result.body.live_result).toMatchObject({
      live_id: live.live_id,
      viewers: 1,
      comments: 5,
      gifts: 3,
      new_followers: 1,
    })
    const stranger = await logInDemo(server, 'demo_viewer')
    expect(
      (await stranger.client.json(`/api/show_rank/live_result?room_id=${roomId}`)).status,
    ).toBe(403)
  })

  it('answers the grade page, the SHOWRANK and the profile with every field of the fixture', async () => {
    const nowMs = Date.now()
    const grade = await owner.client.json(`/api/room_grade?room_id=${roomId}`)
    expect(grade.status).toBe(200)
    const nextAt = periodEnd('week', periodStart('week', nowMs))
    expect(Math.abs(Number(grade.body.remaining_seconds) - (nextAt - nowMs) / 1000)).toBeLessThan(5)
    expect(grade.body).toMatchObject({ is_displayed: true, starting_room_grade_id: 1 })
    expect(Number(grade.body.score)).toBeGreaterThan(0)
    expect(grade.body.room_grade_list).toHaveLength(7)

    const rank = await owner.client.json(`/api/show_rank?room_id=${roomId}`)
    expect(rank.body).toMatchObject({ league_id: 1, league_label: 'E', prev_score: 0 })
    expect(String(rank.body.show_rank_subdivided)).toMatch(/^E-[1-5]$/)
    expect(rank.body.monthly_rank).toEqual(expect.any(Number))

    const fixture = JSON.parse(
      await fs.readFile('../shared/fixtures/showroom-api/room_profile.json', 'utf8'),
    ) as Record<string, unknown>
    const profile = await owner.client.json(`/api/room/profile?room_id=${roomId}`)
    expect(Object.keys(profile.body)).toEqual(expect.arrayContaining(Object.keys(fixture)))
    expect(profile.body).toMatchObject({
      league_id: 1,
      room_grade_name: 'E',
      live_continuous_days: 1,
      visit_count: 0,
      is_displayed: true,
    })
    const official = await db()
      .selectFrom('rooms')
      .select('id')
      .where('is_official', '=', true)
      .executeTakeFirstOrThrow()
    const excluded = await server.get(`/api/room/profile?room_id=${official.id}`)
    expect(await excluded.json()).toMatchObject({
      show_rank_subdivided: 'Excluded',
      league_id: 0,
      is_displayed: false,
    })
  })

  it("badges follow the month's ranking; the year's memory and the month's report add up", async () => {
    const nowMs = Date.now()
    // An hour on: the kept board is too old to show, so this one is read now, after the gifts.
    const board = await badgeBoard(db(), nowMs + 3_600_000)
    const page = await server.get('/api/genre_ranking/all/monthly')
    const ranking = ((await page.json()) as { ranking: Array<{ room_id: number; badge: number }> })
      .ranking
    expect(ranking.length).toBeGreaterThan(0)
    for (const r of ranking) expect(r.badge).toBe(board.room(r.room_id))
    const first = ranking[0]
    if (!first) throw new Error('a ranked room')
    expect([BADGES.gold, BADGES.official]).toContain(first.badge)

    const year = Number(periodStart('month', nowMs).slice(0, 4))
    const month = Number(periodStart('month', nowMs).slice(5, 7))
    const memory = await server.get(`/api/room_memory?year=${year}&room_id=${roomId}`)
    const body = (await memory.json()) as Record<string, unknown>
    expect(body).toMatchObject({ lives: seededLives + 1, comments: 5, new_followers: 1, medals: 1 })
    expect(body.top_fans).toMatchObject([{ rank: 1, user_id: fan }])
    expect((body.months as unknown[]).length).toBe(12)

    const report = await owner.client.json(
      `/api/show_rank/monthly_report?year=${year}&month=${month}`,
    )
    expect(report.body).toMatchObject({
      lives: seededLives + 1,
      comments: 5,
      viewers: 1,
      new_followers: 1,
    })
    const days = report.body.days as Array<{ score: number }>
    expect(days.reduce((n, d) => n + d.score, 0)).toBe(report.body.score)
  })
})
