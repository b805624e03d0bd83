import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  FollowGenresAnswer,
  FollowOnlivesAnswer,
  FollowRoomsAnswer,
  FollowSchedulesAnswer,
  TimeTablesAnswer,
  NextLiveAnswer,
} from '../../src/contract/follow.ts'
import { scheduleText, tokyoLocalInput } from '../../src/domain/schedule.ts'
import { setFollow } from '../../server/services/room-social.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

/** Tokyo wall time `YYYY-MM-DDTHH:mm` of epoch ms, as a datetime-local field sends it. */
const tokyoLocal = (ms: number) => tokyoLocalInput(Math.floor(ms / 1000))

describe.each(await testEngines())('follow lists and schedules on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  let viewer: Awaited<ReturnType<typeof logInDemo>>
  let liver: Awaited<ReturnType<typeof logInDemo>>
  let rooms: Array<{ id: number; genre_id: number; on_air: boolean }> = []
  let ownRoom = 0

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    viewer = await logInDemo(server, 'demo_viewer')
    liver = await logInDemo(server, 'demo_liver')
    const all = await db()
      .selectFrom('rooms')
      .select(['rooms.id', 'rooms.genre_id', 'rooms.owner_user_id'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('lives')
              .select('lives.id')
              .whereRef('lives.room_id', '=', 'rooms.id')
              .where('lives.ended_at', 'is', null),
          )
          .as('on_air'),
      )
      .execute()
    rooms = all.map((r) => ({ id: r.id, genre_id: r.genre_id, on_air: Boolean(r.on_air) }))
    ownRoom = all.find((r) => r.owner_user_id === liver.userId)?.id ?? 0
    await db().deleteFrom('follows').where('user_id', '=', viewer.userId).execute()
    for (const r of rooms) await setFollow(db(), viewer.userId, r.id, true)
  })
  afterAll(() => server.close())

  it('pages every followed room, on air first, with SHOWROOM paging fields', async () => {
    const total = rooms.length
    const first = await viewer.client.json('/api/follow/rooms?page=1&count=3')
    expect(first.status).toBe(200)
    const page1 = first.body as unknown as FollowRoomsAnswer
    const lastPage = Math.ceil(total / 3)
    expect(page1).toMatchObject({
      current_page: 1,
      next_page: 2,
      last_page: lastPage,
      total_entries: total,
    })
    expect(page1.rooms).toHaveLength(3)
    const seen: FollowRoomsAnswer['rooms'] = []
    for (let page = 1; page <= lastPage; page++) {
      const answer = (await viewer.client.json(`/api/follow/rooms?page=${page}&count=3`))
        .body as unknown as FollowRoomsAnswer
      seen.push(...answer.rooms)
      if (page === lastPage) expect(answer.next_page).toBeNull()
    }
    expect(new Set(seen.map((r) => r.room_id)).size).toBe(total)
    const onAir = rooms.filter((r) => r.on_air).length
    expect(seen.slice(0, onAir).every((r) => r.is_online && r.live_id > 0)).toBe(true)
    expect(seen.slice(onAir).some((r) => r.is_online)).toBe(false)

    const genre = rooms[0]?.genre_id ?? 0
    const filtered = (await viewer.client.json(`/api/follow/rooms?genre_id=${genre}`))
      .body as unknown as FollowRoomsAnswer
    expect(filtered.total_entries).toBe(rooms.filter((r) => r.genre_id === genre).length)
    expect(filtered.rooms.every((r) => r.genre_id === genre)).toBe(true)

    const genres = (await viewer.client.json('/api/follow/genres'))
      .body as unknown as FollowGenresAnswer
    expect(genres.genres.reduce((n, g) => n + g.count, 0)).toBe(total)

    const onlives = (await viewer.client.json('/api/follow/onlives'))
      .body as unknown as FollowOnlivesAnswer
    expect(onlives.onlives).toHaveLength(onAir)
    expect(onlives.onlives.every((l) => l.is_follow)).toBe(true)

    expect((await viewer.client.json('/api/follow/rooms?count=101')).status).toBe(400)
    expect((await viewer.client.json('/api/follow/rooms?page=0')).status).toBe(400)
    expect((await server.get('/api/follow/rooms')).status).toBe(401)
  })

  it('lets the owner schedule the next live in Tokyo time; followers see it until it passes', async () => {
    const at = Date.now() + 3 * 86_400_000
    const local = tokyoLocal(at)
    const saved = await liver.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: local,
      title: '  新曲の初披露  ',
    })
    expect(saved.status).toBe(200)
    const expected = Math.floor(Date.parse(`${local}:00+09:00`) / 1000)
    expect(saved.body).toEqual({
      epoch: expected,
      text: scheduleText(expected * 1000),
      title: '新曲の初披露',
    } satisfies NextLiveAnswer)
    expect((await server.get(`/api/room/next_live?room_id=${ownRoom}`)).status).toBe(200)

    const schedules = (await viewer.client.json('/api/follow/schedules'))
      .body as unknown as FollowSchedulesAnswer
    expect(schedules.schedules).toContainEqual(
      expect.objectContaining({ room_id: ownRoom, title: '新曲の初披露', starts_at: expected }),
    )
    const starts = schedules.schedules.map((s) => s.starts_at)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))

    // Bad input: a past time, an impossible date, a long title; not the owner.
    const past = await liver.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: tokyoLocal(Date.now() - 3_600_000),
    })
    expect(past.status).toBe(400)
    expect(past.body).toMatchObject({ field_errors: { starts_at: '過去の日時は設定できません。' } })
    const impossible = await liver.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: '2030-02-30T10:00',
      title: 'あ'.repeat(41),
    })
    expect(impossible.body).toMatchObject({
      field_errors: {
        starts_at: '日時を正しく入力してください。',
        title: 'タイトルは40文字までです。',
      },
    })
    const stranger = await viewer.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: local,
    })
    expect(stranger.status).toBe(403)

    // A schedule whose time has come is gone by itself.
    await db()
      .updateTable('room_schedules')
      .set({ starts_at: new Date(Date.now() - 1000) })
      .where('room_id', '=', ownRoom)
      .execute()
    const gone = await server.get(`/api/room/next_live?room_id=${ownRoom}`)
    expect(await gone.json()).toEqual({ epoch: null, text: '', title: '' })
    const after = (await viewer.client.json('/api/follow/schedules'))
      .body as unknown as FollowSchedulesAnswer
    expect(after.schedules.some((s) => s.room_id === ownRoom)).toBe(false)

    // Cleared by an empty time.
    await liver.client.postJson('/api/room/next_live', { room_id: ownRoom, starts_at: local })
    const cleared = await liver.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: '',
    })
    expect(cleared.body).toEqual({ epoch: null, text: '', title: '' })
  })

  it("answers every room's next lives to anyone, soonest first, with whether the viewer follows", async () => {
    const at = Date.now() + 2 * 3_600_000
    await liver.client.postJson('/api/room/next_live', {
      room_id: ownRoom,
      starts_at: tokyoLocal(at),
      title: 'まもなく',
    })
    const anonymous = (await (
      await server.get('/api/time_table/time_tables')
    ).json()) as TimeTablesAnswer
    const mine = anonymous.time_tables.find((t) => t.room_id === ownRoom)
    expect(mine).toMatchObject({ title: 'まもなく', is_follow: false })
    const starts = anonymous.time_tables.map((t) => t.started_at)
    expect(starts.length).toBeGreaterThan(1)
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(starts.every((s) => s * 1000 > Date.now())).toBe(true)

    const followed = (await viewer.client.json('/api/time_table/time_tables'))
      .body as unknown as TimeTablesAnswer
    expect(followed.time_tables.every((t) => t.is_follow)).toBe(true)
    const genre = rooms.find((r) => r.id === ownRoom)?.genre_id ?? 0
    const ofGenre = (await (
      await server.get(`/api/time_table/time_tables?genre_id=${genre}`)
    ).json()) as TimeTablesAnswer
    expect(ofGenre.time_tables.map((t) => t.genre_id)).toEqual(ofGenre.time_tables.map(() => genre))
    expect((await server.get('/api/time_table/time_tables?genre_id=x')).status).toBe(400)
    await liver.client.postJson('/api/room/next_live', { room_id: ownRoom, starts_at: '' })
  })

  it("lets a follower turn a room's notices off and on; the profile says which", async () => {
    const roomId = rooms[0]?.id ?? 0
    const profile = async (client: typeof viewer.client | null) => {
      const path = `/api/room/profile?room_id=${roomId}`
      const body: unknown = client
        ? (await client.json(path)).body
        : await (await server.get(path)).json()
      return (body as { push_send_status: unknown }).push_send_status
    }
    expect(await profile(viewer.client)).toEqual({ status: 1 })
    const off = await viewer.client.postJson('/api/room/push_send_status', {
      room_id: roomId,
      status: 0,
    })
    expect(off.body).toEqual({ push_send_status: { status: 0 } })
    expect(await profile(viewer.client)).toEqual({ status: 0 })
    const on = await viewer.client.postJson('/api/room/push_send_status', {
      room_id: roomId,
      status: '1',
    })
    expect(on.body).toEqual({ push_send_status: { status: 1 } })
    // Anyone else: nothing to say, nothing to turn.
    expect(await profile(null)).toEqual({})
    const notFollowing = await liver.client.postJson('/api/room/push_send_status', {
      room_id: roomId,
      status: 0,
    })
    expect(notFollowing.status).toBe(404)
    const bad = await viewer.client.postJson('/api/room/push_send_status', {
      room_id: roomId,
      status: 2,
    })
    expect(bad.status).toBe(400)
  })
})
