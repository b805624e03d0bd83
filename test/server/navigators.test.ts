import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  MyRoomRightsAnswer,
  NavigatorPermissionsAnswer,
  OrganizerRoomsAnswer,
  RoomOrganizerAnswer,
} from '../../src/contract/navigator.ts'
import { navigatorMessages } from '../../server/services/organizers/navigators.ts'
import { organizerRoomMessages } from '../../server/services/organizers/organizer-rooms.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'
import { addAccount, grant } from './navigator-fixtures.ts'
import { connect, liveOf, payloadOf } from './socket.ts'

type Logged = Awaited<ReturnType<typeof logInDemo>>

describe.each(await testEngines())('organizers and navigators on %s', (engine) => {
  let server: TestServer
  let room: Awaited<ReturnType<typeof liveOf>>
  let organizer: Logged
  let owner: Logged
  let viewer: Logged
  let nav: Logged
  const db = () => server.database.db
  const permission = (c: TestClient, roomId = room.roomId) =>
    c.json(`/api/navigator/permission?room_id=${roomId}`)
  const myRights = async (c: TestClient, roomId = room.roomId) =>
    (await c.json(`/api/navigator/my_rights?room_id=${roomId}`))
      .body as unknown as MyRoomRightsAnswer
  const lookup = async (c: TestClient) =>
    (await c.json('/api/room/status?room_url_key=demo_liver_room')).body.isRoomOrganizer

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    room = await liveOf(server, 'demo_liver_room')
    organizer = await logInDemo(server, 'demo_organizer')
    owner = await logInDemo(server, 'demo_liver')
    viewer = await logInDemo(server, 'demo_viewer')
    nav = await addAccount(server, 'nav_staff')
  })
  afterAll(() => server.close())

  it('lets the organizer grant and revoke; the owner only reads; anyone else is refused', async () => {
    const seeded = (await permission(organizer.client))
      .body as unknown as NavigatorPermissionsAnswer
    expect(seeded).toMatchObject({ room_id: room.roomId, can_edit: true })
    expect(seeded.organizer?.user_id).toBe(organizer.userId)
    // The demo seed: demo_navigator holds the telop right here.
    expect(seeded.navigators).toEqual([
      expect.objectContaining({ account_id: 'demo_navigator', rights: ['telop'] }),
    ])

    const granted = await grant(organizer.client, room.roomId, 'nav_staff', ['stats', 'welcome'])
    expect(granted.status).toBe(200)
    const entry = (granted.body as unknown as NavigatorPermissionsAnswer).navigators.find(
      (n) => n.account_id === 'nav_staff',
    )
    expect(entry).toMatchObject({ user_id: nav.userId, rights: ['welcome', 'stats'] })
    expect(await myRights(nav.client)).toEqual({
      is_owner: false,
      is_navigator: true,
      rights: ['welcome', 'stats'],
    })

    const read = await permission(owner.client)
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ can_edit: false, organizer: seeded.organizer })
    const listed = (read.body as unknown as NavigatorPermissionsAnswer).navigators
    expect(listed.map((n) => [n.account_id, n.rights])).toEqual(
      expect.arrayContaining([
        ['demo_navigator', ['telop']],
        ['nav_staff', ['welcome', 'stats']],
      ]),
    )
    expect(listed).toHaveLength(2)
    expect((await grant(owner.client, room.roomId, 'nav_staff', [])).status).toBe(403)
    expect((await permission(viewer.client)).status).toBe(403)
    expect((await permission(nav.client)).status).toBe(403)
    expect((await grant(viewer.client, room.roomId, 'nav_staff', ['telop'])).status).toBe(403)
    expect((await permission(new TestClient(server.url))).status).toBe(401)
    expect((await permission(organizer.client, 999_999)).status).toBe(404)

    const revoked = await grant(organizer.client, room.roomId, 'nav_staff', [])
    const left = (revoked.body as unknown as NavigatorPermissionsAnswer).navigators
    expect(left.map((n) => n.account_id)).toEqual(['demo_navigator'])
    expect(await myRights(nav.client)).toEqual({ is_owner: false, is_navigator: false, rights: [] })
  })

  it('refuses bad bodies field by field, an unknown account, the owner and the organizer itself', async () => {
    const post = (body: unknown) => organizer.client.postJson('/api/navigator/permission', body)
    const base = { room_id: room.roomId, account_id: 'nav_staff', rights: ['telop'] }
    for (const [field, bad] of [
      ['room_id', { ...base, room_id: 'x' }],
      ['account_id', { ...base, account_id: undefined }],
      ['rights', { ...base, rights: 'telop' }],
      ['rights.0', { ...base, rights: ['fly'] }],
    ] as const) {
      const answer = await post(bad)
      expect(answer.status, field).toBe(400)
      expect(JSON.stringify(answer.body), field).toContain(`(${field})`)
    }
    for (const [account, message] of [
      ['nobody_here', navigatorMessages.unknownAccount],
      ['demo_liver', navigatorMessages.owner],
      ['demo_organizer', navigatorMessages.self],
    ] as const) {
      const answer = await post({ ...base, account_id: account })
      expect(answer.status, account).toBe(400)
      expect(answer.body.field_errors, account).toEqual({ account_id: message })
    }
    const rows = await db().selectFrom('navigator_rights').selectAll().execute()
    expect(rows.map((r) => r.user_id)).not.toContain(nav.userId)
  })

  it('links a room: asked, pending, accepted by its owner; declining removes every right', async () => {
    const minor = await logInDemo(server, 'demo_minor')
    const other = await addAccount(server, 'other_org', true)
    const minorRoom = (
      await db()
        .selectFrom('rooms')
        .select('id')
        .where('room_url_key', '=', 'minor_hina')
        .executeTakeFirstOrThrow()
    ).id
    const ask = () =>
      organizer.client.postJson('/api/organizer/rooms', { room_url_key: 'minor_hina' })
    const linkOf = async () =>
      (await minor.client.json(`/api/room/organizer?room_id=${minorRoom}`))
        .body as unknown as RoomOrganizerAnswer

    const asked = (await ask()).body as unknown as OrganizerRoomsAnswer
    expect(asked.rooms.find((r) => r.room_id === minorRoom)).toMatchObject({
      status: 'pending',
      recent_lives: [],
    })
    expect((await ask()).status).toBe(200)
    const links = await db()
      .selectFrom('organizer_rooms')
      .selectAll()
      .where('room_id', '=', minorRoom)
      .execute()
    expect(links.map((l) => l.status)).toEqual(['pending'])
    expect((await linkOf()).link).toMatchObject({ status: 'pending' })
    // Not before the owner accepts.
    expect((await grant(organizer.client, minorRoom, 'nav_staff', ['stats'])).status).toBe(403)
    expect((await viewer.client.json(`/api/room/organizer?room_id=${minorRoom}`)).status).toBe(403)
    const taken = await other.client.postJson('/api/organizer/rooms', {
      room_url_key: 'minor_hina',
    })
    expect(taken.status).toBe(409)

    const decide = (accept: boolean) =>
      minor.client.postJson('/api/room/organizer', { room_id: minorRoom, accept })
    expect((await decide(true)).body).toMatchObject({ link: { status: 'accepted' } })
    expect((await grant(organizer.client, minorRoom, 'nav_staff', ['stats'])).status).toBe(200)
    expect((await myRights(nav.client, minorRoom)).rights).toEqual(['stats'])
    expect(
      (
        await organizer.client.postJson('/api/room/organizer', {
          room_id: minorRoom,
          accept: false,
        })
      ).status,
    ).toBe(403)

    expect((await decide(false)).body).toEqual({ link: null })
    expect((await myRights(nav.client, minorRoom)).rights).toEqual([])
    const left = await db()
      .selectFrom('navigator_rights')
      .selectAll()
      .where('room_id', '=', minorRoom)
      .execute()
    expect(left).toEqual([])
    expect((await decide(false)).status).toBe(404)
    // Free again: the other organizer may ask now.
    expect(
      (await other.client.postJson('/api/organizer/rooms', { room_url_key: 'minor_hina' })).status,
    ).toBe(200)
  })

  it('shows the organizer its rooms, who is on air and their recent lives; organizers only', async () => {
    const page = (await organizer.client.json('/api/organizer/rooms'))
      .body as unknown as OrganizerRoomsAnswer
    expect(page.organizer_name).not.toBe('')
    const mine = page.rooms.find((r) => r.room_url_key === 'demo_liver_room')
    expect(mine).toMatchObject({ status: 'accepted', is_live: true })
    expect(mine?.recent_lives[0]).toMatchObject({ live_id: room.liveId, ended_at: null })
    expect((await viewer.client.json('/api/organizer/rooms')).status).toBe(403)
    expect((await new TestClient(server.url).json('/api/organizer/rooms')).status).toBe(401)
    const unknown = await organizer.client.postJson('/api/organizer/rooms', {
      room_url_key: 'no_such_room',
    })
    expect(unknown.body.field_errors).toEqual({ room_url_key: organizerRoomMessages.noRoom })
    expect(
      (await viewer.client.postJson('/api/organizer/rooms', { room_url_key: 'minor_hina' })).status,
    ).toBe(403)
  })

  it('sets isRoomOrganizer, my_rights and the current user’s organizer fields', async () => {
    await grant(organizer.client, room.roomId, 'nav_staff', ['telop'])
    expect(await lookup(organizer.client)).toBe(true)
    expect(await lookup(nav.client)).toBe(true)
    expect(await lookup(viewer.client)).toBe(false)
    expect(await lookup(owner.client)).toBe(false)
    expect(await lookup(new TestClient(server.url))).toBe(false)
    expect(await myRights(owner.client)).toEqual({
      is_owner: true,
      is_navigator: false,
      rights: ['welcome', 'telop', 'enquete', 'moderate', 'stats'],
    })
    expect(await myRights(nav.client)).toMatchObject({ is_navigator: true, rights: ['telop'] })
    expect(await myRights(new TestClient(server.url))).toMatchObject({ rights: [] })
    const me = async (c: TestClient) => (await c.json('/api/current_user')).body
    expect(await me(organizer.client)).toMatchObject({
      is_organizer: true,
      organizer_id: organizer.userId,
      organizer_account_id: 'demo_organizer',
      event_organizer_id: organizer.userId,
    })
    expect(await me(viewer.client)).toMatchObject({
      organizer_id: 0,
      organizer_account_id: '',
      has_payment_organaizer: false,
    })
    // The owner's room is managed by the organizer (the link it accepted).
    expect(await me(owner.client)).toMatchObject({ has_payment_organaizer: true })
  })

  it('badges a navigator’s comments; a revoked right stops on the next request of an open page', async () => {
    await grant(organizer.client, room.roomId, 'nav_staff', ['telop'])
    const socket = await connect(server)
    socket.ws.send(`SUB\t${room.key}`)
    await new Promise((r) => setTimeout(r, 50))
    const say = (c: TestClient, comment: string) =>
      c.postForm('/api/live/post_live_comment', { live_id: String(room.liveId), comment })
    expect((await say(nav.client, 'スタッフです')).status).toBe(200)
    expect((await say(viewer.client, 'ただの視聴者')).status).toBe(200)
    const frame = (text: string) =>
      socket.waitFor((f) => f.startsWith('MSG') && payloadOf(f).cm === text).then(payloadOf)
    expect(await frame('スタッフです')).toMatchObject({ st: 1, u: nav.userId })
    expect(await frame('ただの視聴者')).not.toHaveProperty('st')
    const log = (await viewer.client.json(`/api/live/comment_log?room_id=${room.roomId}`)).body
      .comment_log as Array<{ comment: string; is_staff: boolean }>
    expect(log.find((c) => c.comment === 'スタッフです')?.is_staff).toBe(true)
    expect(log.find((c) => c.comment === 'ただの視聴者')?.is_staff).toBe(false)
    socket.ws.close()

    const telop = (text: string) =>
      nav.client.postForm('/api/encoder/post_telop', { live_id: String(room.liveId), telop: text })
    expect((await telop('まもなく開始')).status).toBe(200)
    await grant(organizer.client, room.roomId, 'nav_staff', [])
    expect((await telop('もう一度')).status).toBe(403)
    const after = (await viewer.client.json(`/api/live/comment_log?room_id=${room.roomId}`)).body
      .comment_log as Array<{ comment: string; is_staff: boolean }>
    expect(after.find((c) => c.comment === 'スタッフです')?.is_staff).toBe(false)
  })
})
