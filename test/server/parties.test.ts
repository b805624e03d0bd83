import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PartyChannelsAnswer } from '../../src/contract/party.ts'
import type { RoomProfileAnswer } from '../../src/contract/room.ts'
import { DEMO_PARTY } from '../../server/db/seed-parties.ts'
import { createParty, dissolveParty, listParties } from '../../server/services/parties/manage.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

describe.each(await testEngines())('parties on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  const roomId = async (key: string) =>
    (
      await db()
        .selectFrom('rooms')
        .select('id')
        .where('room_url_key', '=', key)
        .executeTakeFirstOrThrow()
    ).id
  const channels = async (id: number) => {
    const res = await server.get(`/api/parties/channels?room_id=${id}`)
    expect(res.status).toBe(200)
    return (await res.json()) as PartyChannelsAnswer
  }
  const profile = async (id: number) =>
    (await (await server.get(`/api/room/profile?room_id=${id}`)).json()) as RoomProfileAnswer
  const endLives = (id: number) =>
    db()
      .updateTable('lives')
      .set({ ended_at: new Date() })
      .where('room_id', '=', id)
      .where('ended_at', 'is', null)
      .execute()

  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  it("lists the demo party's rooms in its order, the one asked for marked, with the onlives figures", async () => {
    const second = await roomId(DEMO_PARTY.rooms[1])
    const answer = await channels(second)
    expect(answer.party?.name).toBe(DEMO_PARTY.name)
    expect(answer.channels.map((c) => c.room_url_key)).toEqual(DEMO_PARTY.rooms)
    expect(answer.channels.map((c) => c.is_current)).toEqual([false, true, false])
    const lives = await db()
      .selectFrom('lives')
      .select(['room_id', 'view_num'])
      .where('ended_at', 'is', null)
      .execute()
    for (const c of answer.channels) {
      const live = lives.find((l) => l.room_id === c.room_id)
      expect(c.is_onlive).toBe(live !== undefined)
      expect(c.view_num).toBe(live?.view_num ?? 0)
      expect(c.image).toMatch(new RegExp(`/img/room/${c.room_id}\\.svg$`))
    }
    expect(answer.channels.every((c) => c.is_onlive)).toBe(true)
  })

  it('answers no party and no channels for a room in none, and 400 without a room', async () => {
    expect(await channels(await roomId('sports_ken'))).toEqual({ party: null, channels: [] })
    expect((await server.get('/api/parties/channels')).status).toBe(400)
  })

  it("fills the room profile's party fields, and follows the rooms going off air", async () => {
    const first = await roomId(DEMO_PARTY.rooms[0])
    const inParty = await profile(first)
    expect(inParty.is_party_enabled).toBe(true)
    expect(inParty.party).toEqual({ party_id: expect.any(Number) as number, name: DEMO_PARTY.name })
    expect(inParty.party_live_status).toBe(1)
    const alone = await profile(await roomId('sports_ken'))
    expect([alone.party, alone.is_party_enabled, alone.party_live_status]).toEqual([{}, false, 0])

    const ids = await Promise.all(DEMO_PARTY.rooms.map(roomId))
    await endLives(ids[0] ?? 0)
    await endLives(ids[1] ?? 0)
    expect((await profile(first)).party_live_status).toBe(1)
    expect((await channels(first)).channels.map((c) => c.is_onlive)).toEqual([false, false, true])
    await endLives(ids[2] ?? 0)
    expect((await profile(first)).party_live_status).toBe(0)
  })

  it('keeps a room in one party: refused, or moved with the left party dissolved', async () => {
    const taken = await createParty(db(), 'もうひとつ', ['kirari_hoshino', 'sports_ken'])
    expect(taken).toEqual({ outcome: 'taken', keys: ['kirari_hoshino'] })
    expect(await createParty(db(), 'x', ['sports_ken'])).toEqual({ outcome: 'too-few' })
    expect(await createParty(db(), 'x', ['sports_ken', 'nobody_here'])).toEqual({
      outcome: 'unknown-rooms',
      keys: ['nobody_here'],
    })
    const made = await createParty(db(), '新チーム', ['idol_sakura', 'kirari_hoshino'])
    expect(made.outcome).toBe('taken')
    const moved = await createParty(
      db(),
      '新チーム',
      ['idol_sakura', 'kirari_hoshino', 'aoi_music'],
      {
        move: true,
      },
    )
    expect(moved.outcome).toBe('created')
    // The demo party kept one room: no party.
    expect(await listParties(db())).toEqual([
      {
        id: moved.outcome === 'created' ? moved.partyId : 0,
        name: '新チーム',
        rooms: ['idol_sakura', 'kirari_hoshino', 'aoi_music'],
      },
    ])
    const seiyu = await channels(await roomId('seiyu_yume'))
    expect(seiyu.party).toBeNull()
    if (moved.outcome !== 'created') throw new Error('not created')
    expect(await dissolveParty(db(), moved.partyId)).toBe(true)
    expect(await dissolveParty(db(), moved.partyId)).toBe(false)
    expect((await profile(await roomId('idol_sakura'))).is_party_enabled).toBe(false)
  })
})
