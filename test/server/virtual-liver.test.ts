import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  VirtualEventsAnswer,
  VirtualRankingAnswer,
  VirtualRoomsAnswer,
} from '../../src/contract/virtual.ts'
import { periodStart, tokyoDayStart } from '../../src/domain/scores.ts'
import { seedDemoAdditions } from '../../server/db/seed-demo.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'

/** A paid gift of 10 points (the seeded catalogue). */
const TEN_POINTS = 5

describe.each(await testEngines())('virtual livers on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  const json = async <T>(path: string) => {
    const res = await server.get(path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }

  const roomsByKey = async () => {
    const rows = await db()
      .selectFrom('rooms')
      .leftJoin('lives', (j) =>
        j.onRef('lives.room_id', '=', 'rooms.id').on('ended_at', 'is', null),
      )
      .select(['rooms.id', 'rooms.room_url_key', 'rooms.is_virtual', 'lives.id as live_id'])
      .execute()
    return new Map(rows.map((r) => [r.room_url_key, r]))
  }

  it('lists only virtual rooms: on air by viewers, new by creation, popular by followers', async () => {
    const body = await json<VirtualRoomsAnswer>('/api/virtual_liver/rooms')
    const rooms = await roomsByKey()
    for (const list of [body.onlives, body.newcomers, body.popular]) {
      expect(list.length).toBeGreaterThan(0)
      expect(list.length).toBeLessThanOrEqual(20)
      for (const r of list) expect(rooms.get(r.room_url_key)?.is_virtual).toBe(true)
    }
    expect(body.onlives.map((r) => r.room_url_key)).toEqual(['vtuber_mikan', 'vlive_nova'])
    expect(body.onlives.every((r) => r.is_onlive && r.started_at !== null)).toBe(true)
    const views = body.onlives.map((r) => r.view_num)
    expect(views).toEqual([...views].sort((a, b) => b - a))
    const followers = body.popular.map((r) => r.follower_num)
    expect(followers).toEqual([...followers].sort((a, b) => b - a))
    const kuon = body.popular.find((r) => r.room_url_key === 'vlive_kuon')
    expect(kuon).toMatchObject({ is_onlive: false, view_num: 0, started_at: null })
    expect(kuon?.image).toMatch(/\/img\/room\/\d+\.svg$/)
    // The newest room first.
    expect(body.newcomers[0]?.room_url_key).toBe('vlive_kuon')
  })

  it('lists only the events for virtual livers, with their status', async () => {
    const body = await json<VirtualEventsAnswer>('/api/virtual_liver/events')
    expect(body.events.map((e) => e.event_url_key)).toEqual(['kirari_virtual_fes'])
    expect(body.events[0]?.status).toBe('open')
    expect(body.events[0]?.event_name).toBe('バーチャルライバー ネオンフェス')
    // An ended one follows the open one; the others' events are not listed.
    const now = Date.now()
    await db()
      .insertInto('events')
      .values({
        url_key: `virtual_past_${engine}`,
        name: '終わったイベント',
        started_at: new Date(now - 20 * 86_400_000),
        ended_at: new Date(now - 10 * 86_400_000),
        entry_starts_at: new Date(now - 30 * 86_400_000),
        entry_ends_at: new Date(now - 10 * 86_400_000),
        for_virtual: true,
      })
      .execute()
    const after = await json<VirtualEventsAnswer>('/api/virtual_liver/events')
    expect(after.events.map((e) => [e.event_url_key, e.status])).toEqual([
      ['kirari_virtual_fes', 'open'],
      [`virtual_past_${engine}`, 'ended'],
    ])
  })

  it('ranks virtual rooms by the points received; a gift moves a room up', async () => {
    const rooms = await roomsByKey()
    const mikan = rooms.get('vtuber_mikan')
    const nova = rooms.get('vlive_nova')
    const other = rooms.get('aoi_music')
    if (!mikan?.live_id || !nova?.live_id || !other?.live_id) throw new Error('demo lives on air')
    const [fan] = await makeFans(db(), `virtual_${engine}`, 1)
    if (fan === undefined) throw new Error('no fan')
    const give = async (liveId: number, times: number) => {
      for (let i = 0; i < times; i++) {
        await sendGift(
          db(),
          server.hub,
          { userId: fan, liveId, giftId: TEN_POINTS, num: 1 },
          'paid',
        )
      }
    }
    const ranking = (period: string) =>
      json<VirtualRankingAnswer>(`/api/virtual_liver/ranking?period=${period}`)
    const before = await ranking('daily')
    const pointOf = (a: VirtualRankingAnswer, key: string) =>
      a.ranking.find((r) => r.room_url_key === key)?.point ?? 0

    await give(mikan.live_id, 3)
    await give(nova.live_id, 1)
    await give(other.live_id, 5)
    const first = await ranking('daily')
    expect(pointOf(first, 'vtuber_mikan') - pointOf(before, 'vtuber_mikan')).toBe(30)
    expect(pointOf(first, 'vlive_nova') - pointOf(before, 'vlive_nova')).toBe(10)
    expect(first.ranking.map((r) => r.room_url_key)).not.toContain('aoi_music')
    expect(first.ranking.map((r) => r.room_url_key).indexOf('vtuber_mikan')).toBeLessThan(
      first.ranking.map((r) => r.room_url_key).indexOf('vlive_nova'),
    )
    const points = first.ranking.map((r) => r.point)
    expect(points).toEqual([...points].sort((a, b) => b - a))
    expect(first.ranking.map((r) => r.rank)).toEqual(first.ranking.map((_, i) => i + 1))

    // Nova's fans catch up: it passes mikan in the day, week and month alike.
    const gap = pointOf(first, 'vtuber_mikan') - pointOf(first, 'vlive_nova')
    await give(nova.live_id, gap / 10 + 1)
    for (const period of ['daily', 'weekly', 'monthly'] as const) {
      const moved = await ranking(period)
      expect(moved.period).toBe(period)
      const order = moved.ranking.map((r) => r.room_url_key)
      expect(order.indexOf('vlive_nova')).toBeLessThan(order.indexOf('vtuber_mikan'))
      const scorePeriod = period === 'daily' ? 'day' : period === 'weekly' ? 'week' : 'month'
      expect(moved.since).toBe(tokyoDayStart(periodStart(scorePeriod, Date.now())) / 1000)
    }
    // Daily is the default period; an unknown one is refused.
    expect((await json<VirtualRankingAnswer>('/api/virtual_liver/ranking')).period).toBe('daily')
    expect((await server.get('/api/virtual_liver/ranking?period=yearly')).status).toBe(400)
  })

  it('seeds the corner once: a second start adds nothing', async () => {
    const count = async () => ({
      rooms: (await db().selectFrom('rooms').select('id').where('is_virtual', '=', true).execute())
        .length,
      lives: (await db().selectFrom('lives').select('id').execute()).length,
      entries: (await db().selectFrom('event_entries').select('room_id').execute()).length,
      events: (await db().selectFrom('events').select('id').execute()).length,
    })
    const was = await count()
    await seedDemoAdditions(db())
    expect(await count()).toEqual(was)
    expect(was.rooms).toBe(3)
  })
})
