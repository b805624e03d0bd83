import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  CanApplyAnswer,
  EntryAnswer,
  OrganizerEntriesAnswer,
  OrganizerEntry,
  OrganizerEvent,
  OrganizerEventsAnswer,
} from '../../src/contract/event-entry.ts'
import { eventEditMessages, eventFormMessages, tokyoIso } from '../../src/domain/events.ts'
import { MEDALS } from '../../src/domain/medals.ts'
import { startDemoBots } from '../../server/services/demo-bots.ts'
import { entryMessages } from '../../server/services/events/entry.ts'
import { finalizeEndedEvents, finalizeEvent } from '../../server/services/events/finalize.ts'
import { organizerMessages } from '../../server/services/events/organizer.ts'
import { sendGift } from '../../server/services/gifts.ts'
import { silentLogger } from '../../server/logger.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'
import { liveOf } from './socket.ts'

const HOUR = 3_600_000
type Client = TestClient

describe.each(await testEngines())('event entry and organizers on %s', (engine) => {
  let server: TestServer
  let organizer: Client
  let otherOrganizer: Client
  let owner: Client
  let rival: Client
  let viewer: Client
  let viewerId: number
  let ownerRoom: { id: number; follower_num: number }
  let rivalRoom: number
  let keys = 0
  const db = () => server.database.db
  const key = (what: string) => `${what}_${engine}_${++keys}`

  /** An event of the demo organizer's, straight into the database; times relative to now. */
  const makeEvent = async (o: {
    entry?: [number, number]
    period?: [number, number]
    minFollowers?: number
    minGrade?: number
    type?: 1 | 2 | 3
  }) => {
    const now = Date.now()
    const [es, ee] = o.entry ?? [-HOUR, HOUR]
    const [s, e] = o.period ?? [-HOUR, 2 * HOUR]
    const organizerId = await userId('demo_organizer')
    const row = await db()
      .insertInto('events')
      .values({
        url_key: key('ev'),
        name: 'テスト',
        organizer_user_id: organizerId,
        event_type: o.type ?? 1,
        started_at: new Date(now + s),
        ended_at: new Date(now + e),
        entry_starts_at: new Date(now + es),
        entry_ends_at: new Date(now + ee),
        min_follower_num: o.minFollowers ?? 0,
        min_grade_id: o.minGrade ?? 0,
      })
      .returning(['id', 'url_key'])
      .executeTakeFirstOrThrow()
    return row
  }
  const userId = async (account: string) =>
    (
      await db()
        .selectFrom('users')
        .select('id')
        .where('account_id', '=', account)
        .executeTakeFirstOrThrow()
    ).id
  const entryRows = (eventId: number) =>
    db().selectFrom('event_entries').selectAll().where('event_id', '=', eventId).execute()
  const apply = (client: Client, eventId: number) =>
    client.postForm('/api/event_entry', { event_id: String(eventId), agree: '1' })
  const canApply = async (client: Client, ref: string | number) => {
    const { status, body } = await client.json(`/api/event/${ref}/can_apply`)
    expect(status).toBe(200)
    return body as unknown as CanApplyAnswer
  }
  const errorOf = (body: Record<string, unknown>) =>
    (body.errors as Array<{ error_user_msg: string }>)[0]?.error_user_msg
  const put = async (client: Client, path: string, body: unknown) =>
    client.json(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-csrf-token': await client.csrf() },
      body: JSON.stringify(body),
    })
  const form = (over: Record<string, unknown> = {}) => {
    const now = Date.now()
    return {
      url_key: key('cup'),
      name: 'テストカップ',
      description: '説明',
      image: '',
      event_type: 1,
      started_at: tokyoIso(now + HOUR),
      ended_at: tokyoIso(now + 3 * HOUR),
      entry_started_at: tokyoIso(now - HOUR),
      entry_ended_at: tokyoIso(now + 2 * HOUR),
      min_follower_num: 0,
      rewards: '',
      terms: '',
      tutorial_url: '',
      blocks: [],
      reward_tiers: [{ up_to_rank: 1, reward: '優勝' }],
      ...over,
    }
  }

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    // Two more accounts that can log in: a rival room's owner and a second organizer.
    const { password_hash } = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('account_id', '=', 'demo_viewer')
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('users')
      .set({ password_hash })
      .where('account_id', '=', 'liver_aoi_music')
      .execute()
    await db()
      .insertInto('users')
      .values({
        account_id: 'other_organizer',
        name: '別の主催者',
        birthday: 19900101,
        password_hash,
        phone: null,
        mail_address: null,
        free_gifts_granted_at: null,
        is_organizer: true,
      })
      .execute()
    ;[organizer, otherOrganizer, owner, rival, viewer] = await Promise.all(
      ['demo_organizer', 'other_organizer', 'demo_liver', 'liver_aoi_music'].map(
        async (a) => (await logInDemo(server, a)).client,
      ),
    ).then(async (clients) => [...clients, (await logInDemo(server, 'demo_viewer')).client])
    viewerId = await userId('demo_viewer')
    ownerRoom = await db()
      .selectFrom('rooms')
      .select(['id', 'follower_num'])
      .where('room_url_key', '=', 'demo_liver_room')
      .executeTakeFirstOrThrow()
    rivalRoom = (await liveOf(server, 'aoi_music')).roomId
  })
  afterAll(() => server.close())

  it('an owner applies once (twice at once is one row), by id or url key, and sees the entry', async () => {
    const event = await makeEvent({})
    const before = await canApply(owner, event.url_key)
    expect(before).toEqual({ can_apply: true, reason: null, room_id: ownerRoom.id, entry: null })
    const [a, b] = await Promise.all([apply(owner, event.id), apply(owner, event.id)])
    for (const r of [a, b]) {
      expect(r.status).toBe(200)
      expect(r.body as unknown as EntryAnswer).toEqual({
        ok: 1,
        event_id: event.id,
        room_id: ownerRoom.id,
        entry: { status: 'applied', refused_reason: '' },
      })
    }
    expect((await apply(owner, event.id)).status).toBe(200)
    const rows = await entryRows(event.id)
    expect(rows.map((r) => [r.room_id, r.status, r.block_division_id])).toEqual([
      [ownerRoom.id, 'applied', 0],
    ])
    expect(await canApply(owner, event.id)).toEqual({
      can_apply: false,
      reason: entryMessages.entered,
      room_id: ownerRoom.id,
      entry: { status: 'applied', refused_reason: '' },
    })
    // Anonymous: 401 both ways; an unknown event: 404.
    const anonymous = new TestClient(server.url)
    expect((await anonymous.json(`/api/event/${event.id}/can_apply`)).status).toBe(401)
    expect((await apply(anonymous, event.id)).status).toBe(401)
    expect((await owner.json('/api/event/no_such_event/can_apply')).status).toBe(404)
    expect((await apply(owner, 999_999)).status).toBe(404)
  })

  it.each([
    ['not open yet', { entry: [HOUR, 2 * HOUR] as [number, number] }, entryMessages.notOpenYet],
    ['closed', { entry: [-2 * HOUR, -HOUR] as [number, number] }, entryMessages.closed],
    [
      'over',
      {
        entry: [-3 * HOUR, -2 * HOUR] as [number, number],
        period: [-3 * HOUR, -HOUR] as [number, number],
      },
      entryMessages.ended,
    ],
  ])('refuses an entry when the event is %s, and stores nothing', async (_, o, message) => {
    const event = await makeEvent(o)
    const answer = await apply(owner, event.id)
    expect([answer.status, errorOf(answer.body)]).toEqual([400, message])
    expect(await canApply(owner, event.id)).toMatchObject({ can_apply: false, reason: message })
    expect(await entryRows(event.id)).toEqual([])
  })

  it('refuses a room short of the followers, and a caller without a room; stores nothing', async () => {
    const event = await makeEvent({ minFollowers: ownerRoom.follower_num + 1 })
    const short = await apply(owner, event.id)
    expect(short.status).toBe(400)
    expect(errorOf(short.body)).toBe(
      entryMessages.followers(ownerRoom.follower_num + 1, ownerRoom.follower_num),
    )
    const noRoom = await apply(viewer, event.id)
    expect([noRoom.status, errorOf(noRoom.body)]).toEqual([400, entryMessages.noRoom])
    expect(await canApply(viewer, event.id)).toEqual({
      can_apply: false,
      reason: entryMessages.noRoom,
      room_id: null,
      entry: null,
    })
    expect(await entryRows(event.id)).toEqual([])
    // Exactly enough followers is enough.
    const enough = await makeEvent({ minFollowers: ownerRoom.follower_num })
    expect((await apply(owner, enough.id)).status).toBe(200)
  })

  it("refuses a room below the event's grade, by the grade it holds this week", async () => {
    // The owner's room holds the first grade (E) until an aggregation moves it.
    const event = await makeEvent({ minGrade: 2 })
    const low = await apply(owner, event.id)
    expect([low.status, errorOf(low.body)]).toEqual([400, entryMessages.grade('D', 'E')])
    expect(await entryRows(event.id)).toEqual([])
    const page = await owner.json(`/api/event/${event.id}/confirmation_abstraction`)
    expect(page.body.conditions).toEqual({
      min_follower_num: 0,
      min_grade_id: 2,
      min_grade_name: 'D',
    })
    await db()
      .insertInto('room_grades')
      .values({ room_id: ownerRoom.id, grade_id: 2, since_week: '2026-01-05' })
      .onConflict((oc) => oc.column('room_id').doUpdateSet({ grade_id: 2 }))
      .execute()
    expect((await apply(owner, event.id)).status).toBe(200)
    await db().deleteFrom('room_grades').where('room_id', '=', ownerRoom.id).execute()
  })

  it('only organizers run events: anonymous 401, others 403, another organizer’s event 403', async () => {
    const event = await makeEvent({})
    const anonymous = new TestClient(server.url)
    expect((await anonymous.json('/api/organizer/events')).status).toBe(401)
    expect((await anonymous.postJson('/api/organizer/events', form())).status).toBe(401)
    const calls = (client: Client) => [
      () => client.json('/api/organizer/events'),
      () => client.postJson('/api/organizer/events', form()),
      () => put(client, `/api/organizer/events/${event.id}`, form()),
      () => client.json(`/api/organizer/events/${event.id}/entries`),
      () =>
        client.postJson(`/api/organizer/events/${event.id}/entries/${ownerRoom.id}`, {
          decision: 'approve',
        }),
    ]
    for (const call of calls(viewer)) {
      const { status, body } = await call()
      expect([status, errorOf(body)]).toEqual([403, organizerMessages.organizerOnly])
    }
    for (const call of calls(otherOrganizer).slice(2)) {
      const { status, body } = await call()
      expect([status, errorOf(body)]).toEqual([403, organizerMessages.notYours])
    }
    // Their own list does not show it; nothing changed.
    const list = (await otherOrganizer.json('/api/organizer/events')).body
    expect((list as unknown as OrganizerEventsAnswer).events).toEqual([])
    expect(
      await db().selectFrom('events').select('name').where('id', '=', event.id).execute(),
    ).toEqual([{ name: 'テスト' }])
    expect((await organizer.json('/api/organizer/events/999999/entries')).status).toBe(404)
  })

  it('creates and edits an event with its blocks and tiers; a bad form is field errors and stores nothing', async () => {
    const bad = form({
      url_key: '12345',
      name: '',
      ended_at: tokyoIso(Date.now()),
      event_type: 3,
      blocks: [],
      reward_tiers: [
        { up_to_rank: 3, reward: 'b' },
        { up_to_rank: 1, reward: 'a' },
      ],
      min_follower_num: 1_000_001,
      min_grade_id: 8,
    })
    const refused = await organizer.postJson('/api/organizer/events', bad)
    expect(refused.status).toBe(400)
    expect(refused.body.field_errors).toEqual({
      url_key: eventFormMessages.url_key,
      name: eventFormMessages.name,
      ended_at: eventFormMessages.ended_at,
      entry_ended_at: eventFormMessages.entry_ended_at,
      blocks: eventFormMessages.blocks,
      reward_tiers: eventFormMessages.reward_tiers,
      min_follower_num: eventFormMessages.min_follower_num,
      min_grade_id: eventFormMessages.min_grade_id,
    })
    expect(
      await db().selectFrom('events').select('id').where('url_key', '=', '12345').execute(),
    ).toEqual([])

    const good = form({
      event_type: 3,
      blocks: ['A', 'B'],
      min_follower_num: '10',
      min_grade_id: '3',
    })
    const created = await organizer.postJson('/api/organizer/events', good)
    expect(created.status).toBe(200)
    const event = created.body as unknown as OrganizerEvent
    expect(event).toMatchObject({
      url_key: good.url_key,
      event_type: 3,
      started_at: good.started_at,
      entry_ended_at: good.entry_ended_at,
      min_follower_num: 10,
      min_grade_id: 3,
      blocks: ['A', 'B'],
      reward_tiers: [{ up_to_rank: 1, reward: '優勝' }],
      counts: { applied: 0, approved: 0, refused: 0 },
    })
    const list = (await organizer.json('/api/organizer/events'))
      .body as unknown as OrganizerEventsAnswer
    expect(list.events[0]).toEqual(event)

    const taken = await organizer.postJson('/api/organizer/events', form({ url_key: good.url_key }))
    expect([taken.status, taken.body.field_errors]).toEqual([
      400,
      { url_key: eventEditMessages.urlKeyTaken },
    ])

    const edited = await put(organizer, `/api/organizer/events/${event.event_id}`, {
      ...good,
      name: '改名',
      blocks: ['A', 'B', 'C'],
      reward_tiers: [],
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ name: '改名', blocks: ['A', 'B', 'C'], reward_tiers: [] })

    // Once it has started, the start stays where it was.
    const startedAt = new Date(Date.now() - HOUR)
    await db()
      .updateTable('events')
      .set({ started_at: startedAt })
      .where('id', '=', event.event_id)
      .execute()
    const moved = await put(organizer, `/api/organizer/events/${event.event_id}`, good)
    expect([moved.status, moved.body.field_errors]).toEqual([
      400,
      { started_at: eventEditMessages.startMoved },
    ])
    const stored = await db()
      .selectFrom('events')
      .select(['name', 'started_at'])
      .where('id', '=', event.event_id)
      .executeTakeFirstOrThrow()
    expect([stored.name, stored.started_at.getTime()]).toEqual(['改名', startedAt.getTime()])
  })

  it('approves into a block and refuses with a reason, which the owner then reads', async () => {
    const event = await makeEvent({ type: 3 })
    await db()
      .insertInto('event_block_divisions')
      .values([
        { event_id: event.id, id: 1, label: 'A' },
        { event_id: event.id, id: 2, label: 'B' },
      ])
      .execute()
    expect((await apply(owner, event.id)).status).toBe(200)
    expect((await apply(rival, event.id)).status).toBe(200)
    const decide = (roomId: number, body: Record<string, unknown>) =>
      organizer.postJson(`/api/organizer/events/${event.id}/entries/${roomId}`, body)

    const noBlock = await decide(rivalRoom, { decision: 'approve' })
    expect([noBlock.status, noBlock.body.field_errors]).toEqual([
      400,
      { block_id: entryMessages.blockRequired },
    ])
    expect((await decide(rivalRoom, { decision: 'approve', block_id: 3 })).status).toBe(400)
    const approved = await decide(rivalRoom, { decision: 'approve', block_id: 2 })
    expect(approved.status).toBe(200)
    expect(approved.body as unknown as OrganizerEntry).toMatchObject({
      room_id: rivalRoom,
      status: 'approved',
      block_division_id: 2,
    })

    const noReason = await decide(ownerRoom.id, { decision: 'refuse', reason: '  ' })
    expect([noReason.status, noReason.body.field_errors]).toEqual([
      400,
      { reason: entryMessages.reasonRequired },
    ])
    const refused = await decide(ownerRoom.id, {
      decision: 'refuse',
      reason: '条件を満たしていません',
    })
    expect(refused.body).toMatchObject({
      status: 'refused',
      refused_reason: '条件を満たしていません',
    })
    expect((await decide(999_999, { decision: 'approve', block_id: 1 })).status).toBe(404)

    const entries = (await organizer.json(`/api/organizer/events/${event.id}/entries`))
      .body as unknown as OrganizerEntriesAnswer
    expect(entries.entries.map((e) => [e.room_id, e.status])).toEqual([
      [rivalRoom, 'approved'],
      [ownerRoom.id, 'refused'],
    ])
    // The refused owner reads why and may not apply again.
    expect(await canApply(owner, event.id)).toMatchObject({
      can_apply: false,
      reason: entryMessages.refused,
      entry: { status: 'refused', refused_reason: '条件を満たしていません' },
    })
    const again = await apply(owner, event.id)
    expect([again.status, errorOf(again.body)]).toEqual([400, entryMessages.refused])
    expect((await entryRows(event.id)).length).toBe(2)
  })

  it('freezes an ended event once (even when finalizing races), ranks by division with rewards by tier', async () => {
    const rooms = await db().selectFrom('rooms').select('id').orderBy('id').limit(6).execute()
    const ids = rooms.map((r) => r.id)
    const [r1 = 0, r2 = 0, r3 = 0, r4 = 0, r5 = 0, r6 = 0] = ids
    const ranking = await makeEvent({})
    const block = await makeEvent({ type: 3 })
    const t0 = new Date(Date.now() - 30 * 60_000)
    const later = new Date(t0.getTime() + 1000)
    await db()
      .insertInto('event_entries')
      .values([
        // r2 reached 100 first, so it ranks above r1; r5 was refused and is not ranked.
        {
          event_id: ranking.id,
          room_id: r1,
          status: 'approved',
          point: 100,
          point_reached_at: later,
        },
        { event_id: ranking.id, room_id: r2, status: 'approved', point: 100, point_reached_at: t0 },
        { event_id: ranking.id, room_id: r3, status: 'approved', point: 50 },
        { event_id: ranking.id, room_id: r4, status: 'approved', point: 0 },
        { event_id: ranking.id, room_id: r5, status: 'refused', point: 0 },
        { event_id: block.id, room_id: r1, status: 'approved', block_division_id: 1, point: 30 },
        { event_id: block.id, room_id: r6, status: 'approved', block_division_id: 1, point: 40 },
        { event_id: block.id, room_id: r3, status: 'approved', block_division_id: 2, point: 5 },
      ])
      .execute()
    await db()
      .insertInto('event_reward_tiers')
      .values([
        { event_id: ranking.id, up_to_rank: 1, reward: '優勝' },
        { event_id: ranking.id, up_to_rank: 3, reward: '入賞' },
        { event_id: block.id, up_to_rank: 1, reward: 'ブロック1位' },
      ])
      .execute()
    // Not over yet: nothing to freeze.
    expect(await finalizeEvent(db(), ranking.id)).toBe(false)
    await db()
      .updateTable('events')
      .set({ ended_at: new Date(Date.now() - HOUR), started_at: new Date(Date.now() - 2 * HOUR) })
      .where('id', 'in', [ranking.id, block.id])
      .execute()

    const [a, b, all] = await Promise.all([
      finalizeEvent(db(), ranking.id),
      finalizeEvent(db(), ranking.id),
      finalizeEndedEvents(db()),
    ])
    expect([a, b, all.includes(ranking.id)].filter(Boolean)).toHaveLength(1)
    expect(all).toContain(block.id)
    expect(await finalizeEndedEvents(db())).not.toContain(ranking.id)

    const finals = async (eventId: number) =>
      (
        await db()
          .selectFrom('event_entries')
          .select(['room_id', 'final_rank'])
          .where('event_id', '=', eventId)
          .orderBy('room_id')
          .execute()
      ).map((r) => [r.room_id, r.final_rank])
    const byRoom = (pairs: Array<[number, number | null]>) => [...pairs].sort((x, y) => x[0] - y[0])
    expect(await finals(ranking.id)).toEqual(
      byRoom([
        [r2, 1],
        [r1, 2],
        [r3, 3],
        [r4, 4],
        [r5, null],
      ]),
    )
    expect(await finals(block.id)).toEqual(
      byRoom([
        [r6, 1],
        [r1, 2],
        [r3, 1],
      ]),
    )
    const rewards = await db()
      .selectFrom('event_rewards')
      .select(['event_id', 'room_id', 'final_rank', 'reward'])
      .where('event_id', 'in', [ranking.id, block.id])
      .orderBy('event_id')
      .orderBy('final_rank')
      .orderBy('room_id')
      .execute()
    expect(rewards.map((r) => [r.event_id, r.room_id, r.final_rank, r.reward])).toEqual([
      [ranking.id, r2, 1, '優勝'],
      [ranking.id, r1, 2, '入賞'],
      [ranking.id, r3, 3, '入賞'],
      ...[
        [block.id, r3, 1, 'ブロック1位'],
        [block.id, r6, 1, 'ブロック1位'],
      ].sort((x, y) => Number(x[1]) - Number(y[1])),
    ])
    const frozen = await db()
      .selectFrom('events')
      .select('finalized_at')
      .where('id', '=', ranking.id)
      .executeTakeFirstOrThrow()
    expect(frozen.finalized_at).toBeInstanceOf(Date)
    // The top 10 of each event earned its medal once, whichever run froze it; the SHOWRANK's
    // event result is the room's latest frozen event.
    const medals = await db()
      .selectFrom('medals')
      .select(['owner_id', 'ref_id'])
      .where('medal_id', '=', MEDALS.event_top10.id)
      .where('ref_id', 'in', [ranking.id, block.id])
      .orderBy('ref_id')
      .orderBy('owner_id')
      .execute()
    expect(medals.map((m) => [m.ref_id, m.owner_id])).toEqual([
      ...[r1, r2, r3, r4].sort((x, y) => x - y).map((r) => [ranking.id, r]),
      ...[r1, r3, r6].sort((x, y) => x - y).map((r) => [block.id, r]),
    ])
    const result = (await (
      await server.get(`/api/show_rank/event_result?room_id=${r2}`)
    ).json()) as {
      event_result: { event_id: number; rank: number } | null
    }
    expect(result.event_result).toMatchObject({ event_id: ranking.id, rank: 1 })
    // Frozen: the organizer can no longer change its entries.
    const late = await organizer.postJson(`/api/organizer/events/${ranking.id}/entries/${r5}`, {
      decision: 'approve',
    })
    expect([late.status, errorOf(late.body)]).toEqual([400, organizerMessages.finalized])
  })

  it('a gift after ended_at earns nothing; during the period it does', async () => {
    const live = await liveOf(server, 'aoi_music')
    const ended = await makeEvent({ period: [-2 * HOUR, -HOUR], entry: [-3 * HOUR, -2 * HOUR] })
    const ongoing = await makeEvent({})
    await db()
      .insertInto('event_entries')
      .values(
        [ended.id, ongoing.id].map((id) => ({
          event_id: id,
          room_id: live.roomId,
          status: 'approved' as const,
        })),
      )
      .execute()
    await sendGift(
      db(),
      server.hub,
      { userId: viewerId, liveId: live.liveId, giftId: 5, num: 2 },
      'paid',
    )
    const points = await db()
      .selectFrom('event_entries')
      .select(['event_id', 'point'])
      .where('event_id', 'in', [ended.id, ongoing.id])
      .orderBy('event_id')
      .execute()
    expect(points.map((p) => [p.event_id, Number(p.point)])).toEqual([
      [ended.id, 0],
      [ongoing.id, 20],
    ])
  })

  it('demo bots send small paid gifts from their gold, which move the demo event', async () => {
    const cup = await db()
      .selectFrom('events')
      .select('id')
      .where('url_key', '=', 'kirari_winter_cup')
      .executeTakeFirstOrThrow()
    const cupPoints = async () =>
      Number(
        (
          await db()
            .selectFrom('event_entries')
            .select((eb) => eb.fn.sum<string>('point').as('n'))
            .where('event_id', '=', cup.id)
            .executeTakeFirstOrThrow()
        ).n,
      )
    const botGifts = () =>
      db()
        .selectFrom('gift_logs')
        .innerJoin('users', 'users.id', 'gift_logs.user_id')
        .innerJoin('lives', 'lives.id', 'gift_logs.live_id')
        .innerJoin('event_entries', (j) =>
          j
            .onRef('event_entries.room_id', '=', 'lives.room_id')
            .on('event_entries.event_id', '=', cup.id),
        )
        .select(['gift_logs.point', 'users.gold'])
        .where('users.is_bot', '=', true)
        .execute()
    const before = await cupPoints()
    const bots = startDemoBots({
      db: db(),
      hub: server.hub,
      logger: silentLogger,
      perMinute: 1,
      giftsPerMinute: 1200,
    })
    const deadline = Date.now() + 5000
    while ((await botGifts()).length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100))
    }
    await bots.stop()
    const gifts = await botGifts()
    expect(gifts.length).toBeGreaterThanOrEqual(3)
    for (const g of gifts) expect(g.point).toBeLessThanOrEqual(30)
    expect(await cupPoints()).toBe(before + gifts.reduce((sum, g) => sum + g.point, 0))
    expect(gifts.every((g) => g.gold < 10_000)).toBe(true)
  })
})
