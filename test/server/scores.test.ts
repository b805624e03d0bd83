import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publishComment } from '../../server/services/comments.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { liveViewer } from '../../server/services/live-viewer.ts'
import { endLive } from '../../server/services/lives.ts'
import { periodStart, scoreOf, type ScorePeriod } from '../../src/domain/scores.ts'
import type { GenreRankingAnswer, MyRankingAnswer } from '../../src/contract/ranking.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

/** Paid gifts of 1 and 10 points, free stars of 1 (the seeded catalogue). */
const PAID = [3, 5]
const FREE = 1

describe.each(await testEngines())('room scores on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  /** The open lives of the demo, with their rooms. */
  const openLives = () =>
    db()
      .selectFrom('lives')
      .innerJoin('rooms', 'rooms.id', 'lives.room_id')
      .select([
        'lives.id as live_id',
        'lives.bcsvr_key',
        'rooms.id as room_id',
        'rooms.owner_user_id',
      ])
      .where('lives.ended_at', 'is', null)
      .orderBy('lives.id')
      .execute()

  const scoreRow = (roomId: number, period: ScorePeriod) =>
    db()
      .selectFrom('room_scores')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('period', '=', period)
      .where('starts_on', '=', sql<Date>`${periodStart(period, Date.now())}::date`)
      .executeTakeFirst()

  it('gifts and comments move the day, week and month exactly as committed, refused ones not', async () => {
    const [a, b] = await openLives()
    if (!a || !b) throw new Error('the demo has two rooms on air')
    // Four fans with gold for 40 one-point gifts each: some of the 10-point gifts are refused.
    const fans = await makeFans(db(), `score_${engine}`, 4, 40)
    await db()
      .insertInto('user_free_gifts')
      .values(fans.map((user_id) => ({ user_id, gift_id: FREE, num: 10 })))
      .onConflict((oc) => oc.columns(['user_id', 'gift_id']).doUpdateSet({ num: 10 }))
      .execute()
    const before = await Promise.all([a, b].map((l) => scoreRow(l.room_id, 'day')))
    const jobs = fans.flatMap((userId, i) =>
      Array.from({ length: 12 }, (_, k) => {
        const live = k % 2 ? a : b
        if (k % 4 === 3) {
          return publishComment(
            db(),
            server.hub,
            live,
            { id: userId, name: 'f', avatar_id: 1 },
            `c${k}`,
          )
        }
        const kind = k % 3 === 0 ? 'free' : 'paid'
        const giftId = kind === 'free' ? FREE : (PAID[(i + k) % 2] ?? 3)
        return sendGift(db(), server.hub, { userId, liveId: live.live_id, giftId, num: 1 }, kind)
      }),
    )
    const settled = await Promise.allSettled(jobs)
    expect(settled.some((r) => r.status === 'rejected')).toBe(true)

    for (const [n, live] of [a, b].entries()) {
      // Recounted from what was stored: the gift log and the comments of these fans.
      const gifts = await db()
        .selectFrom('gift_logs')
        .innerJoin('gifts', 'gifts.id', 'gift_logs.gift_id')
        .select(['gifts.free', (eb) => eb.fn.sum<string>('gift_logs.point').as('points')])
        .where('gift_logs.live_id', '=', live.live_id)
        .where('gift_logs.user_id', 'in', fans)
        .groupBy('gifts.free')
        .execute()
      const comments = await db()
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('live_id', '=', live.live_id)
        .where('user_id', 'in', fans)
        .executeTakeFirstOrThrow()
      const paid = Number(gifts.find((g) => !g.free)?.points ?? 0)
      const free = Number(gifts.find((g) => g.free)?.points ?? 0)
      const was = before[n]
      for (const period of ['day', 'week', 'month'] as const) {
        const row = await scoreRow(live.room_id, period)
        if (!row) throw new Error(`no ${period} score for room ${live.room_id}`)
        // The day started with what it had; the week and month hold at least the day.
        if (period === 'day') {
          expect(Number(row.paid_points) - Number(was?.paid_points ?? 0)).toBe(paid)
          expect(Number(row.free_points) - Number(was?.free_points ?? 0)).toBe(free)
          expect(row.comments - (was?.comments ?? 0)).toBe(Number(comments.n))
        }
        const parts = {
          paidPoints: Number(row.paid_points),
          freePoints: Number(row.free_points),
          viewers: row.viewers,
          comments: row.comments,
          secondsOnAir: row.seconds_on_air,
        }
        expect(Number(row.score)).toBe(scoreOf(parts))
      }
    }
  })

  it('ranks the rooms by score per genre and period, page by page; a liver sees their place', async () => {
    const all = (await (
      await server.get('/api/genre_ranking/all/daily')
    ).json()) as GenreRankingAnswer
    expect(all.ranking.length).toBeGreaterThanOrEqual(2)
    expect(all.total_entries).toBe(all.ranking.length)
    expect(all.starts_on).toBe(periodStart('day', Date.now()))
    for (const [i, room] of all.ranking.entries()) {
      expect(room.rank).toBe(i + 1)
      const row = await scoreRow(room.room_id, 'day')
      expect(room.score).toBe(Number(row?.score))
      const next = all.ranking[i + 1]
      if (next) expect(room.score >= next.score).toBe(true)
    }
    const first = all.ranking[0]
    if (!first) throw new Error('a ranked room')
    const genre = (await (
      await server.get(`/api/genre_ranking/${first.genre_id}/daily/1`)
    ).json()) as GenreRankingAnswer
    expect(genre.ranking.every((r) => r.genre_id === first.genre_id)).toBe(true)
    expect(genre.ranking[0]?.room_id).toBe(first.room_id)
    expect((await server.get('/api/genre_ranking/all/yearly')).status).toBe(400)
    expect((await server.get('/api/genre_ranking/me')).status).toBe(401)

    // The demo liver's room, given a score: its place is where the list puts it.
    const { client, userId } = await logInDemo(server, 'demo_liver')
    const [own] = await openLives()
    const liverLive = (await openLives()).find((l) => l.owner_user_id === userId) ?? own
    if (!liverLive) throw new Error('the demo liver is on air')
    const fan = (await makeFans(db(), `ranked_${engine}`, 1, 1000))[0] ?? 0
    await sendGift(
      db(),
      server.hub,
      { userId: fan, liveId: liverLive.live_id, giftId: 5, num: 1 },
      'paid',
    )
    const me = (await client.json('/api/genre_ranking/me?period=daily'))
      .body as unknown as MyRankingAnswer
    const list = (await (
      await server.get('/api/genre_ranking/all/daily')
    ).json()) as GenreRankingAnswer
    const place = list.ranking.find((r) => r.room_id === me.room?.room_id)
    expect(me.room?.rank).toBe(place?.rank)
    expect(me.room?.score).toBe(place?.score)
  })

  it('counts a signed-in viewer of a room on air once a period, however often and at once', async () => {
    const [live] = await openLives()
    if (!live) throw new Error('the demo has a room on air')
    const viewers = await makeFans(db(), `viewer_${engine}`, 2)
    const before = (await scoreRow(live.room_id, 'week'))?.viewers ?? 0
    await Promise.all(
      [...viewers, ...viewers, ...viewers, live.owner_user_id].map((userId) =>
        liveViewer(db(), live.room_id, userId),
      ),
    )
    await liveViewer(db(), live.room_id, null)
    expect((await scoreRow(live.room_id, 'week'))?.viewers).toBe(before + 2)
  })

  it("a live's end counts its time on air once, cut at Tokyo's midnight", async () => {
    const [live] = await openLives()
    if (!live) throw new Error('the demo has a room on air')
    const now = Date.now()
    // On air since 25 hours ago: yesterday (Tokyo) gets part, today the rest up to now.
    const since = new Date(now - 25 * 3_600_000)
    await db()
      .updateTable('lives')
      .set({ on_air_since: since })
      .where('id', '=', live.live_id)
      .execute()
    const today = periodStart('day', now)
    const todayBefore = (await scoreRow(live.room_id, 'day'))?.seconds_on_air ?? 0
    await Promise.all([endLive(db(), server.hub, live), endLive(db(), server.hub, live)])
    const ended = await db()
      .selectFrom('lives')
      .select('ended_at')
      .where('id', '=', live.live_id)
      .executeTakeFirstOrThrow()
    const endMs = ended.ended_at?.getTime() ?? 0
    const midnight = Date.parse(`${today}T00:00:00+09:00`)
    const todayAfter = (await scoreRow(live.room_id, 'day'))?.seconds_on_air ?? 0
    expect(todayAfter - todayBefore).toBe(Math.floor(endMs / 1000) - Math.floor(midnight / 1000))
    const days = await sql<{ seconds: number }>`
      select coalesce(sum(seconds_on_air), 0)::int as seconds from room_scores
      where room_id = ${live.room_id} and period = 'day' and starts_on >= ${periodStart('day', since.getTime())}::date`.execute(
      db(),
    )
    // Every second since `since` counted once over the days it touched (with what the day had).
    expect(days.rows[0]?.seconds).toBeGreaterThanOrEqual(
      Math.floor(endMs / 1000) - Math.floor(since.getTime() / 1000),
    )
  })
})
