import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendGift } from '../../server/services/gifts.ts'
import type { EventRankingAnswer } from '../../src/contract/event.ts'
import type {
  ConfirmationAbstraction,
  ConfirmationDescription,
  EventAbstraction,
  EventDescription,
  EventOnliveRoomsAnswer,
  EventResultAnswer,
  EventRoomsAnswer,
  OnGoingEventsAnswer,
  QuestRoomsAnswer,
  RecommendEventAnswer,
  SupportUsersAnswer,
} from '../../src/contract/event-pages.ts'
import { parsePushPayload } from '../../src/contract/push.ts'
import type { EventAndSupportAnswer } from '../../src/contract/room.ts'
import { EVENT_TYPE, questLevel, type EventType } from '../../src/domain/events.ts'
import { TestClient } from './client.ts'
import { logInDemo, makeFans, startTestServer, testEngines, type TestServer } from './harness.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

/** What each GET answers, by the last part of its path. */
interface Answers {
  abstraction: EventAbstraction
  description: EventDescription
  ranking: EventRankingAnswer
  onlive_rooms: EventOnliveRoomsAnswer
  on_going_events: OnGoingEventsAnswer
  rooms: EventRoomsAnswer
  quest_rooms: QuestRoomsAnswer
  confirmation_abstraction: ConfirmationAbstraction
  confirmation_description: ConfirmationDescription
  result: EventResultAnswer
  recommend_event: RecommendEventAnswer
  event_and_support: EventAndSupportAnswer
}

const MIN = 60_000
const HOUR = 60 * MIN
const fail = (why: string): never => {
  throw new Error(why)
}
const at = <T>(items: readonly T[], i: number): T => items[i] ?? fail(`no item ${i}`)
const seconds = (ms: number) => Math.floor(ms / 1000)

describe.each(await testEngines())('event pages on %s', (engine) => {
  let server: TestServer
  let client: TestClient
  /** Rooms off air, in no other event: 31 in the quest event, 2 more for the finished one. */
  let quiet: number[]
  let fans: number[]
  const db = () => server.database.db
  /** A GET of the answer named (the wire contract's type for it). */
  const get = async <K extends keyof Answers>(_answer: K, path: string) => {
    const { status, body } = await client.json(path)
    return { status, body: body as unknown as Answers[K] }
  }
  const roomEventOf = async (roomId: number) =>
    (await get('event_and_support', `/api/room/event_and_support?room_id=${roomId}`)).body.event

  const makeEvent = async (
    key: string,
    o: { from: number; to: number; type?: EventType; entry?: [number, number] },
    rooms: number[],
    extra: { point?: number; block_division_id?: number }[] = [],
  ) => {
    const now = Date.now()
    const [entryFrom, entryTo] = o.entry ?? [-48 * HOUR, o.from]
    const event = await db()
      .insertInto('events')
      .values({
        url_key: key,
        name: `${key} 杯`,
        description: `${key} の説明`,
        event_type: o.type ?? EVENT_TYPE.ranking,
        started_at: new Date(now + o.from),
        ended_at: new Date(now + o.to),
        entry_starts_at: new Date(now + entryFrom),
        entry_ends_at: new Date(now + entryTo),
        terms: '規約に同意します',
        rewards: '1位: バッジ',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    if (rooms.length > 0)
      await db()
        .insertInto('event_entries')
        .values(
          rooms.map((room_id, i) => ({
            event_id: event.id,
            room_id,
            status: 'approved' as const,
            // Entered a second apart, in the order given.
            applied_at: new Date(now - HOUR + i * 1000),
            ...extra[i],
          })),
        )
        .execute()
    return event.id
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    client = new TestClient(server.url)
    const genre = await db().selectFrom('genres').select('id').executeTakeFirstOrThrow()
    const rooms = await db()
      .insertInto('rooms')
      .values(
        Array.from({ length: 33 }, (_, i) => ({
          room_url_key: `page_room_${i}`,
          room_name: `ページ${i}`,
          main_name: `ページ${i}`,
          owner_user_id: null,
          genre_id: genre.id,
        })),
      )
      .returning('id')
      .execute()
    quiet = rooms.map((r) => r.id)
    fans = await makeFans(db(), 'page_fan', 2)
  })
  afterAll(() => server.close())

  it('answers 404 for an unknown event on every endpoint, 400 for a malformed ref', async () => {
    for (const path of [
      'abstraction',
      'description',
      'ranking',
      'onlive_rooms',
      'on_going_events',
      'rooms',
      'quest_rooms',
      'confirmation_abstraction',
      'confirmation_description',
      'result',
    ]) {
      expect((await client.json(`/api/event/no_such_event/${path}`)).status, path).toBe(404)
      expect((await client.json(`/api/event/999999/${path}`)).status, path).toBe(404)
      expect((await client.json(`/api/event/Bad-Key/${path}`)).status, path).toBe(400)
    }
    expect((await client.json('/support/get_support_users?event_id=999999&room_id=1')).status).toBe(
      404,
    )
    expect((await client.json('/support/get_support_users?event_id=x&room_id=1')).status).toBe(400)
  })

  it('pages the rooms in entry order and a quest event by level, 30 a page', async () => {
    const rooms = quiet.slice(0, 31)
    // The room that entered i-th has i×1000 points: the last to enter leads.
    const points = rooms.map((_, i) => i * 1000)
    const quest = await makeEvent(
      'quest_cup',
      { from: -HOUR, to: 3 * HOUR, type: EVENT_TYPE.quest },
      rooms,
      points.map((point) => ({ point })),
    )
    for (const [i, room] of rooms.entries())
      await db()
        .updateTable('event_entries')
        .set({ quest_level: questLevel(at(points, i)) })
        .where('event_id', '=', quest)
        .where('room_id', '=', room)
        .execute()

    const first = await get('rooms', `/api/event/quest_cup/rooms`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      total_entries: 31,
      current_page: 1,
      first_page: 1,
      last_page: 2,
      previous_page: null,
      next_page: 2,
      is_point_visible_period: true,
    })
    const second = (await get('rooms', `/api/event/${quest}/rooms?page=2`)).body
    expect([second.current_page, second.previous_page, second.next_page]).toEqual([2, 1, null])
    const listed = [...first.body.list, ...second.list]
    expect(listed.map((r) => r.room_id)).toEqual(rooms)
    expect(listed.map((r) => [r.rank, r.point, r.is_on_live])).toEqual(
      rooms.map((_, i) => [31 - i, i * 1000, false]),
    )
    expect(at(listed, 0)).toMatchObject({ room_url_key: 'page_room_0', room_name: 'ページ0' })

    const byLevel = (await get('quest_rooms', `/api/event/quest_cup/quest_rooms`)).body
    expect([byLevel.total_entries, byLevel.last_page, byLevel.next_page]).toEqual([31, 2, 2])
    expect(
      byLevel.list.slice(0, 3).map((r) => [r.room_id, r.quest_level, r.next_level_point]),
    ).toEqual([
      [at(rooms, 30), 3, 10_000],
      [at(rooms, 29), 2, 1_000],
      [at(rooms, 28), 2, 2_000],
    ])
    // A ranking event has no quest rooms.
    const other = await makeEvent('not_quest', { from: -HOUR, to: 4 * HOUR }, [])
    const none = (await get('quest_rooms', `/api/event/${other}/quest_rooms`)).body
    expect([none.list, none.total_entries, none.next_page]).toEqual([[], 0, null])
    expect((await client.json(`/api/event/${quest}/rooms?page=0`)).status).toBe(400)
  })

  it('ranks a block event within a division, and across the event as large_rank', async () => {
    const [a, b, c, d, e] = quiet
    const block = await makeEvent(
      'block_cup',
      // Ends before the quest event, so the rooms show this one.
      { from: -HOUR, to: 2 * HOUR, type: EVENT_TYPE.block },
      [a, b, c, d, e].map((r) => r ?? fail('rooms')),
      [
        { point: 100, block_division_id: 1 },
        { point: 500, block_division_id: 1 },
        { point: 300, block_division_id: 1 },
        { point: 400, block_division_id: 2 },
        { point: 200, block_division_id: 2 },
      ],
    )
    await db()
      .insertInto('event_block_divisions')
      .values([
        { event_id: block, id: 1, label: 'Aブロック' },
        { event_id: block, id: 2, label: 'Bブロック' },
      ])
      .execute()
    const ranking = (await get('ranking', `/api/event/block_cup/ranking`)).body
    expect(ranking).toMatchObject({
      is_event_block: true,
      event_block_label: 'Aブロック',
      entry_event_block_id: 1,
      total_entries: 3,
    })
    expect(at(ranking.event_block_list, 0).block_list).toEqual([
      { block_id: 1, label: 'Aブロック' },
      { block_id: 2, label: 'Bブロック' },
    ])
    expect(ranking.ranking.map((r) => [r.rank, r.room_id, r.point])).toEqual([
      [1, b, 500],
      [2, c, 300],
      [3, a, 100],
    ])
    const second = (await get('ranking', `/api/event/block_cup/ranking?block_id=2`)).body
    expect([second.entry_event_block_id, second.event_block_label]).toEqual([2, 'Bブロック'])
    expect(second.ranking.map((r) => [r.rank, r.room_id])).toEqual([
      [1, d],
      [2, e],
    ])
    expect((await client.json(`/api/event/block_cup/ranking?block_id=9`)).status).toBe(404)
    // The rooms list ranks each room in its own division.
    const listed = (await get('rooms', `/api/event/block_cup/rooms`)).body.list
    expect(listed.map((r) => [r.rank, r.event_block_division_id])).toEqual([
      [3, 1],
      [1, 1],
      [2, 1],
      [1, 2],
      [2, 2],
    ])
    const abstraction = (await get('abstraction', `/api/event/block_cup/abstraction`)).body
    expect([abstraction.event_type, abstraction.blocks.length]).toEqual(['block', 2])

    const standing = (await roomEventOf(e ?? fail('room'))) ?? fail('no event')
    expect(standing.event_id).toBe(block)
    expect(standing.ranking).toMatchObject({
      rank: 2,
      max_rank: 2,
      large_rank: 4,
      gap: 200,
      next_rank: 1,
      event_block_division_id: 2,
    })
  })

  it('answers the page, confirmation and lists of a running event', async () => {
    const lives = await Promise.all(
      ['kirari_hoshino', 'aoi_music'].map((key) => liveOf(server, key)),
    )
    const page = await makeEvent(
      'page_cup',
      { from: -HOUR, to: HOUR, entry: [-2 * HOUR, 30 * MIN] },
      lives.map((l) => l.roomId),
    )
    await db()
      .insertInto('event_reward_tiers')
      .values([
        { event_id: page, up_to_rank: 10, reward: 'バッジ' },
        { event_id: page, up_to_rank: 1, reward: 'ピックアップ' },
      ])
      .execute()
    await db()
      .updateTable('events')
      .set({
        tutorial_url: 'https://example.com/howto',
        // More than any room has: the demo owner may not enter this one.
        min_follower_num: 100_000,
        organizer_user_id: db()
          .selectFrom('users')
          .select('id')
          .where('account_id', '=', 'demo_organizer'),
      })
      .where('id', '=', page)
      .execute()
    const upcoming = await makeEvent('next_cup', { from: 24 * HOUR, to: 48 * HOUR }, [], [])
    await sendGift(
      db(),
      server.hub,
      { userId: at(fans, 0), liveId: at(lives, 1).liveId, giftId: 5, num: 1 },
      'paid',
    )

    const now = seconds(Date.now())
    const head = await get('abstraction', `/api/event/page_cup/abstraction`)
    expect(head.status).toBe(200)
    expect(head.body).toMatchObject({
      event_id: page,
      event_url_key: 'page_cup',
      event_url: '/event/page_cup',
      event_name: 'page_cup 杯',
      event_type: 'ranking',
      phase: 'ongoing',
      total_entries: 2,
      organizer_name: expect.any(String) as string,
      tutorial_url: 'https://example.com/howto',
      is_entry_open: true,
      is_point_visible_period: true,
      blocks: [],
    })
    expect(head.body.organizer_name).not.toBe('')
    expect(Math.abs(head.body.remain_time - (head.body.ended_at - now))).toBeLessThanOrEqual(2)
    expect((await get('abstraction', `/api/event/${page}/abstraction`)).body.event_id).toBe(page)
    expect((await get('abstraction', `/api/event/next_cup/abstraction`)).body).toMatchObject({
      phase: 'upcoming',
      is_entry_open: true,
      total_entries: 0,
    })

    expect((await get('description', `/api/event/page_cup/description`)).body).toEqual({
      event_id: page,
      description: 'page_cup の説明',
      rewards: '1位: バッジ',
      reward_tiers: [
        { up_to_rank: 1, reward: 'ピックアップ' },
        { up_to_rank: 10, reward: 'バッジ' },
      ],
      conditions: { min_follower_num: 100_000, min_grade_id: 0, min_grade_name: '' },
    })
    const confirmation = (
      await get('confirmation_abstraction', `/api/event/page_cup/confirmation_abstraction`)
    ).body
    expect(confirmation).toMatchObject({
      event_id: page,
      is_entry_open: true,
      conditions: { min_follower_num: 100_000, min_grade_id: 0, min_grade_name: '' },
      entry_ended_at: head.body.entry_ended_at,
    })
    expect(
      (await get('confirmation_description', `/api/event/page_cup/confirmation_description`)).body,
    ).toEqual({ event_id: page, terms: '規約に同意します', rewards: '1位: バッジ' })

    // On air, the gifted room first.
    const onlives = (await get('onlive_rooms', `/api/event/page_cup/onlive_rooms`)).body
    expect(onlives.onlives.map((r) => [r.room_id, r.rank, r.point, r.is_on_live])).toEqual([
      [at(lives, 1).roomId, 1, 10, true],
      [at(lives, 0).roomId, 2, 0, true],
    ])
    expect(at(onlives.onlives, 0).live_id).toBe(at(lives, 1).liveId)

    const ids = (answer: { events: Array<{ event_id: number }> }) =>
      answer.events.map((e) => e.event_id)
    const others = (await get('on_going_events', `/api/event/page_cup/on_going_events`)).body
    const all = (await get('on_going_events', `/api/event/on_going_events`)).body
    expect(ids(others)).not.toContain(page)
    expect(ids(all)).toContain(page)
    expect(ids(others)).toEqual(ids(all).filter((id) => id !== page))
    expect(ids(all)).not.toContain(upcoming)
    expect(all.events.every((e) => e.phase === 'ongoing')).toBe(true)

    // Running first for a visitor; for an owner whose room may enter, the open entry first.
    const anonymous = ids((await get('recommend_event', '/api/recommend_event')).body)
    expect(anonymous).toContain(upcoming)
    expect(anonymous.indexOf(page)).toBeLessThan(anonymous.indexOf(upcoming))
    const { client: owner } = await logInDemo(server, 'demo_liver')
    const recommended = (await owner.json('/api/recommend_event'))
      .body as unknown as RecommendEventAnswer
    expect(ids(recommended).indexOf(upcoming)).toBeLessThan(ids(recommended).indexOf(page))
  })

  it('moves before_rank, is_animation and sequence_num with the gifts, pushed and answered', async () => {
    const lives = (
      await Promise.all(
        ['kirari_hoshino', 'aoi_music', 'vtuber_mikan'].map((k) => liveOf(server, k)),
      )
    ).sort((x, y) => x.roomId - y.roomId)
    // Equal points at first: the lower room id ranks higher, so c, b, a.
    const [c, b, a] = lives
    if (!a || !b || !c) return fail('three lives')
    const eventId = await makeEvent(
      'anim_cup',
      { from: -HOUR, to: 20 * MIN },
      lives.map((l) => l.roomId),
    )
    for (const [room, rank] of [
      [c, 1],
      [b, 2],
      [a, 3],
    ] as const) {
      const shown = (await roomEventOf(room.roomId)) ?? fail('no event')
      expect(shown.event_id).toBe(eventId)
      expect(shown.ranking).toMatchObject({
        rank,
        before_rank: rank,
        is_animation: 0,
        sequence_num: 0,
        max_rank: 3,
        large_rank: rank,
      })
    }
    const socket = await connect(server)
    for (const key of [a.key, b.key, c.key, `event:${eventId}`]) socket.ws.send(`SUB\t${key}`)
    await new Promise((r) => setTimeout(r, 100))
    const frame = async (key: string, rank: number) => {
      const raw = await socket.waitFor((f) => {
        if (!f.startsWith(`MSG\t${key}\t`)) return false
        const p = payloadOf(f)
        return String(p.t) === '203' && p.event_id === eventId && p.rank === rank
      }, 1000)
      const parsed = parsePushPayload(payloadOf(raw))
      return parsed?.type === '203' ? parsed.frame : fail('not a standing frame')
    }
    const gift = (userId: number, liveId: number, giftId: number) =>
      sendGift(db(), server.hub, { userId, liveId, giftId, num: 1 }, 'paid')

    await gift(at(fans, 0), a.liveId, 5) // a: 10 points, 3rd → 1st
    expect(await frame(a.key, 1)).toMatchObject({
      before_rank: 3,
      is_animation: 1,
      sequence_num: 1,
    })
    expect(await frame(c.key, 2)).toMatchObject({
      before_rank: 1,
      is_animation: 1,
      sequence_num: 0,
    })
    expect(await frame(b.key, 3)).toMatchObject({ before_rank: 2, is_animation: 1 })
    // The event's page hears that its ranking moved, and as of when (t:204).
    const moved = payloadOf(
      await socket.waitFor(
        (f) => f.startsWith(`MSG\tevent:${eventId}\t`) && String(payloadOf(f).t) === '204',
        1000,
      ),
    )
    expect(moved).toMatchObject({ event_id: eventId })
    expect(moved.v).toBeGreaterThan(0)
    const ranking = await client.json(`/api/event/${eventId}/ranking?v=${String(moved.v)}`)
    expect((ranking.body as unknown as EventRankingAnswer).ranking.map((r) => r.point)).toEqual([
      10, 0, 0,
    ])

    await gift(at(fans, 1), b.liveId, 7) // b: 50 points, 3rd → 1st
    expect(await frame(b.key, 1)).toMatchObject({ before_rank: 3, is_animation: 1, gap: 0 })
    expect(await frame(a.key, 2)).toMatchObject({ before_rank: 1, is_animation: 1, gap: 40 })
    // Pushed already: the answer has nothing more to animate.
    expect((await roomEventOf(a.roomId))?.ranking).toMatchObject({
      rank: 2,
      before_rank: 2,
      is_animation: 0,
      sequence_num: 1,
    })

    // Off air, b hears nothing when a passes it, and a read shows where it stands without
    // animating anything (reads change nothing).
    await db()
      .updateTable('lives')
      .set({ ended_at: new Date() })
      .where('id', '=', b.liveId)
      .execute()
    await gift(at(fans, 1), a.liveId, 12) // a: 110 points
    await gift(at(fans, 0), a.liveId, 3) // a: 111 points
    expect((await roomEventOf(a.roomId))?.ranking).toMatchObject({ rank: 1, sequence_num: 3 })
    expect((await roomEventOf(b.roomId))?.ranking).toMatchObject({
      rank: 2,
      before_rank: 2,
      is_animation: 0,
    })
    socket.ws.close()

    // A frame from before these fields still parses, with them at 0.
    expect(
      parsePushPayload({
        t: 203,
        event_id: 1,
        event_name: 'x',
        ended_at: 1,
        rank: 2,
        point: 3,
        gap: 4,
        next_rank: 1,
        lower_rank: 0,
        lower_gap: 0,
        created_at: 1,
      })?.frame,
    ).toMatchObject({ before_rank: 0, is_animation: 0, sequence_num: 0 })

    // a's supporters: fan 1 gave 100 + 0, fan 0 gave 10 + 1.
    const support = await client.json(
      `/support/get_support_users?event_id=${eventId}&room_id=${a.roomId}`,
    )
    expect(support.status).toBe(200)
    const users = support.body as unknown as SupportUsersAnswer
    expect(users.users.map((u) => [u.rank, u.user_id, u.point])).toEqual([
      [1, at(fans, 1), 100],
      [2, at(fans, 0), 11],
    ])
    expect(users.total_point).toBe(111)
    expect(at(users.users, 0).name).toBe('ファン1')
  })

  it('answers the result only once the event is finalized, and the room its end for a day', async () => {
    const [winner, second] = [at(quiet, 31), at(quiet, 32)]
    const done = await makeEvent(
      'done_cup',
      { from: -3 * HOUR, to: -HOUR },
      [winner, second],
      [{ point: 900 }, { point: 200 }],
    )
    expect((await client.json(`/api/event/done_cup/result`)).status).toBe(404)
    expect((await get('abstraction', `/api/event/done_cup/abstraction`)).body).toMatchObject({
      phase: 'ended',
      remain_time: 0,
      is_entry_open: false,
    })
    // Nothing while ended but not frozen.
    expect(await roomEventOf(winner)).toBeNull()

    // What the freezing job writes (finalize.ts).
    for (const [room, rank] of [
      [winner, 1],
      [second, 2],
    ] as const)
      await db()
        .updateTable('event_entries')
        .set({ final_rank: rank })
        .where('event_id', '=', done)
        .where('room_id', '=', room)
        .execute()
    await db()
      .insertInto('event_rewards')
      .values({ event_id: done, room_id: winner, final_rank: 1, reward: '限定バッジ' })
      .execute()
    const finalizedAt = new Date(Date.now() - 30 * MIN)
    await db()
      .updateTable('events')
      .set({ finalized_at: finalizedAt })
      .where('id', '=', done)
      .execute()

    expect((await get('abstraction', `/api/event/done_cup/abstraction`)).body.phase).toBe(
      'finalized',
    )
    const result = await get('result', `/api/event/done_cup/result`)
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      finalized_at: seconds(finalizedAt.getTime()),
      ranking: [
        { rank: 1, room_id: winner, room_name: 'ページ31', point: 900, reward: '限定バッジ' },
        { rank: 2, room_id: second, room_name: 'ページ32', point: 200, reward: '' },
      ],
    })
    const ended = (await roomEventOf(winner)) ?? fail('no event after the end')
    expect(ended).toMatchObject({ event_id: done, remain_time: 0 })
    expect(ended.end_animation).toEqual([{ rank: 1, point: 900, text: '限定バッジ' }])
    expect(ended.ranking).toMatchObject({ rank: 1, is_animation: 0 })

    // A day after the end it is gone from the room.
    await db()
      .updateTable('events')
      .set({
        started_at: new Date(Date.now() - 30 * HOUR),
        ended_at: new Date(Date.now() - 25 * HOUR),
      })
      .where('id', '=', done)
      .execute()
    expect(await roomEventOf(winner)).toBeNull()
  })
})
