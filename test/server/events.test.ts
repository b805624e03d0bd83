import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendGift } from '../../server/services/gifts.ts'
import { STANDINGS_FLUSH_MS } from '../../server/services/events/publish.ts'
import { roomStanding } from '../../server/services/events/standing.ts'
import type { ContributionAnswer, EventRankingAnswer } from '../../src/contract/event.ts'
import type { EventAndSupportAnswer } from '../../src/contract/room.ts'
import { TestClient } from './client.ts'
import { makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

const HOUR = 3_600_000
const fail = (why: string): never => {
  throw new Error(why)
}
const at = <T>(items: readonly T[], i: number): T => items[i] ?? fail(`no item ${i}`)
const ROOMS = ['kirari_hoshino', 'aoi_music', 'vtuber_mikan', 'talk_tanaka', 'seiyu_yume']
/** Paid gifts of 1, 10, 50 and 100 points (the seeded catalogue). */
const PAID = [
  { id: 3, point: 1 },
  { id: 5, point: 10 },
  { id: 7, point: 50 },
  { id: 12, point: 100 },
]

describe.each(await testEngines())('event points on %s', (engine) => {
  let server: TestServer
  let lives: Array<Awaited<ReturnType<typeof liveOf>>>
  let viewers: number[]
  const db = () => server.database.db

  const makeEvent = async (key: string, startsInMs: number, endsInMs: number) => {
    const now = Date.now()
    const event = await db()
      .insertInto('events')
      .values({
        url_key: `${key}_${engine}`,
        name: key,
        started_at: new Date(now + startsInMs),
        ended_at: new Date(now + endsInMs),
        entry_starts_at: new Date(now - 48 * HOUR),
        entry_ends_at: new Date(now + startsInMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db()
      .insertInto('event_entries')
      .values(
        lives.map((l) => ({ event_id: event.id, room_id: l.roomId, status: 'approved' as const })),
      )
      .execute()
    return event.id
  }
  const pointsOf = async (eventId: number) =>
    new Map(
      (
        await db()
          .selectFrom('event_entries')
          .select(['room_id', 'point'])
          .where('event_id', '=', eventId)
          .execute()
      ).map((r) => [r.room_id, Number(r.point)]),
    )

  beforeAll(async () => {
    server = await startTestServer(engine)
    lives = await Promise.all(ROOMS.map((key) => liveOf(server, key)))
    viewers = await makeFans(db(), `event_fan_${Date.now()}`, 30)
  })
  afterAll(() => server.close())

  it('300 concurrent gifts from 30 viewers to 5 rooms: each room holds exactly its committed points, ranked with true gaps', async () => {
    const ongoing = await makeEvent('ongoing', -HOUR, HOUR)
    const ended = await makeEvent('ended', -2 * HOUR, -HOUR)
    const upcoming = await makeEvent('upcoming', HOUR, 2 * HOUR)

    const sends = Array.from({ length: 300 }, (_, i) => {
      const live = at(lives, i % lives.length)
      const gift = at(PAID, (i * 7) % PAID.length)
      const num = 1 + (i % 3)
      return { live, gift, num, userId: at(viewers, i % viewers.length) }
    })
    // One viewer has no gold: their gifts are refused and must earn nothing.
    const broke = at(viewers, 0)
    await db()
      .updateTable('users')
      .set({ gold: 0, expiring_gold: 0 })
      .where('id', '=', broke)
      .execute()

    // The ranking is read once before the gifts, so the process holds the event's board and
    // applies the gifts to it in memory (board.ts); it must end where the database does.
    const client = new TestClient(server.url)
    const rankingOf = async (v?: number) =>
      (
        await client.json(
          `/api/event/${ongoing}/ranking${v === undefined ? '' : `?v=${String(v)}`}`,
        )
      ).body as unknown as EventRankingAnswer
    expect((await rankingOf()).ranking.map((r) => r.point)).toEqual(lives.map(() => 0))

    const results = await Promise.allSettled(
      sends.map((s) =>
        sendGift(
          db(),
          server.hub,
          { userId: s.userId, liveId: s.live.liveId, giftId: s.gift.id, num: s.num },
          'paid',
        ),
      ),
    )
    const expected = new Map(lives.map((l) => [l.roomId, 0]))
    const byFan = new Map<string, number>()
    results.forEach((r, i) => {
      const s = at(sends, i)
      if (s.userId === broke) {
        expect(r.status).toBe('rejected')
        return
      }
      expect(r.status).toBe('fulfilled')
      const points = s.gift.point * s.num
      expected.set(s.live.roomId, (expected.get(s.live.roomId) ?? 0) + points)
      const key = `${s.live.roomId}:${s.userId}`
      byFan.set(key, (byFan.get(key) ?? 0) + points)
    })

    expect(await pointsOf(ongoing)).toEqual(expected)
    // Outside the period nothing is earned, before or after.
    for (const closed of [ended, upcoming])
      expect([...(await pointsOf(closed)).values()]).toEqual(lives.map(() => 0))

    const contributions = await db()
      .selectFrom('event_contributions')
      .select(['room_id', 'user_id', 'point'])
      .where('event_id', '=', ongoing)
      .execute()
    expect(
      new Map(contributions.map((c) => [`${c.room_id}:${c.user_id}`, Number(c.point)])),
    ).toEqual(byFan)

    const standings = await Promise.all(lives.map((l) => roomStanding(db(), ongoing, l.roomId)))
    const ranked = standings
      .map((s) => s ?? fail('a room without a standing'))
      .sort((a, b) => a.rank - b.rank)
    expect(ranked.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5])
    ranked.forEach((s, i) => {
      expect(s.entries).toBe(5)
      const up = ranked[i - 1]
      const down = ranked[i + 1]
      expect(s.gap).toBe(up ? up.point - s.point : null)
      expect(s.nextRank).toBe(up ? up.rank : null)
      expect(s.lowerGap).toBe(down ? s.point - down.point : null)
      if (up) expect(up.point).toBeGreaterThanOrEqual(s.point)
    })
    // Once the gifts are told, the ranking page (from memory) is the database's.
    await new Promise((r) => setTimeout(r, 3 * STANDINGS_FLUSH_MS))
    const page = await rankingOf()
    expect(page.ranking.map((r) => [r.rank, r.room_id, r.point])).toEqual(
      ranked.map((s) => [s.rank, s.roomId, s.point]),
    )
  }, 120_000)

  it('breaks a tie for whoever reached the score first', async () => {
    const tie = await makeEvent('tie', -HOUR, HOUR)
    const a = at(lives, 0)
    const b = at(lives, 1)
    await sendGift(
      db(),
      server.hub,
      { userId: at(viewers, 1), liveId: b.liveId, giftId: 5, num: 1 },
      'paid',
    )
    await sendGift(
      db(),
      server.hub,
      { userId: at(viewers, 2), liveId: a.liveId, giftId: 5, num: 1 },
      'paid',
    )
    const first = await roomStanding(db(), tie, b.roomId)
    const second = await roomStanding(db(), tie, a.roomId)
    expect([first?.point, second?.point]).toEqual([10, 10])
    expect([first?.rank, second?.rank]).toEqual([1, 2])
    expect(second?.gap).toBe(0)
  })

  it('a ranking read right after a gift holds it, though the board was read a moment before', async () => {
    const eventId = await makeEvent('read_after', -HOUR, HOUR)
    const client = new TestClient(server.url)
    const points = async () =>
      (
        (await client.json(`/api/event/${eventId}/ranking`)).body as unknown as EventRankingAnswer
      ).ranking.map((r) => [r.room_id, r.point])
    // The board is read and fresh; the gift's standings are not told yet (a flush later).
    expect((await points()).every(([, p]) => p === 0)).toBe(true)
    const room = at(lives, 2)
    await sendGift(
      db(),
      server.hub,
      { userId: at(viewers, 3), liveId: room.liveId, giftId: 7, num: 1 },
      'paid',
    )
    expect((await points())[0]).toEqual([room.roomId, 50])
  })

  it("answers the room's standing and the event's ranking over HTTP, in SHOWROOM's shapes", async () => {
    const key = 'http_cup'
    // It ends before the other test events, so it is the one the rooms show.
    const eventId = await makeEvent(key, -HOUR, HOUR / 2)
    const givers = [0, 3, 1, 2, 0].map((n) => at(PAID, n))
    await Promise.all(
      lives.map((l, i) =>
        sendGift(
          db(),
          server.hub,
          { userId: at(viewers, 5 + i), liveId: l.liveId, giftId: at(givers, i).id, num: 1 },
          'paid',
        ),
      ),
    )
    const client = new TestClient(server.url)
    const ranking = await client.json(`/api/event/${key}_${engine}/ranking`)
    expect(ranking.status).toBe(200)
    const page = ranking.body as unknown as EventRankingAnswer
    expect(page.total_entries).toBe(5)
    expect([page.current_page, page.last_page, page.next_page, page.previous_page]).toEqual([
      1,
      1,
      null,
      null,
    ])
    expect(page.ranking.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5])
    const points = page.ranking.map((r) => r.point)
    expect(points).toEqual([...points].sort((x, y) => y - x))
    // By id too, and the same answer.
    expect((await client.json(`/api/event/${eventId}/ranking`)).body).toEqual(ranking.body)

    for (const row of page.ranking) {
      const answer = await client.json(`/api/room/event_and_support?room_id=${row.room_id}`)
      const event = (answer.body as unknown as EventAndSupportAnswer).event
      expect(event?.event_id).toBe(eventId)
      expect(event?.event_url).toBe(`/event/${key}_${engine}`)
      expect(event?.ranking.rank).toBe(row.rank)
      expect(event?.ranking.point).toBe(row.point)
      const above = page.ranking[row.rank - 2]
      expect(event?.ranking.gap).toBe(above ? above.point - row.point : 0)
      expect(event?.ranking.next_rank).toBe(above ? above.rank : 0)
    }
    // Each room's one supporter, with the points they gave; an anonymous caller has no own row.
    for (const [i, l] of lives.entries()) {
      const { status, body } = await client.json(
        `/api/event/contribution_ranking?event_id=${eventId}&room_id=${l.roomId}`,
      )
      expect(status).toBe(200)
      const answer = body as unknown as ContributionAnswer
      expect(answer.ranking.map((r) => [r.rank, r.user_id, r.point])).toEqual([
        [1, at(viewers, 5 + i), at(givers, i).point],
      ])
      expect([answer.me, answer.my_point, answer.event.event_id]).toEqual([null, 0, eventId])
    }
    expect(
      (
        await client.json(
          `/api/event/contribution_ranking?event_id=999999&room_id=${at(lives, 0).roomId}`,
        )
      ).status,
    ).toBe(404)
    expect((await client.json('/api/event/contribution_ranking?event_id=x&room_id=1')).status).toBe(
      400,
    )
    expect((await client.json('/api/event/NOT_A_KEY/ranking')).status).toBe(400)
    expect((await client.json('/api/event/no_such_event/ranking')).status).toBe(404)
    expect((await client.json(`/api/event/${eventId}/ranking?page=0`)).status).toBe(400)
  })

  it('tells the rooms a gift moved their new standing on their push key, within the second', async () => {
    const eventId = await makeEvent('push_cup', -HOUR, HOUR / 4)
    const [first, second] = [at(lives, 0), at(lives, 1)]
    await sendGift(
      db(),
      server.hub,
      { userId: at(viewers, 20), liveId: first.liveId, giftId: 5, num: 1 },
      'paid',
    )
    // That gift's standings are told first (publish.ts gathers a moment's gifts).
    await new Promise((r) => setTimeout(r, 3 * STANDINGS_FLUSH_MS))
    const socket = await connect(server)
    socket.ws.send(`SUB\t${first.key}`)
    socket.ws.send(`SUB\t${second.key}`)
    await new Promise((r) => setTimeout(r, 100))
    // The second room passes the first: both hear it (a new rank, a new gap).
    await sendGift(
      db(),
      server.hub,
      { userId: at(viewers, 21), liveId: second.liveId, giftId: 7, num: 1 },
      'paid',
    )
    const standingFrame = async (key: string) =>
      payloadOf(
        await socket.waitFor(
          (f) =>
            f.startsWith(`MSG\t${key}\t`) &&
            String(payloadOf(f).t) === '203' &&
            payloadOf(f).event_id === eventId,
          1000,
        ),
      )
    const [top, passed] = await Promise.all([standingFrame(second.key), standingFrame(first.key)])
    expect(top).toMatchObject({ rank: 1, point: 50, gap: 0, lower_gap: 40 })
    expect(passed).toMatchObject({ rank: 2, point: 10, gap: 40, next_rank: 1 })
    socket.ws.close()
  })
})
