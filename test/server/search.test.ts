import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AutocompleteAnswer,
  RoomGenresAnswer,
  SearchRoomsAnswer,
} from '../../src/contract/search.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

describe.each(await testEngines())('room search on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  const names = async (path: string) =>
    ((await (await server.get(path)).json()) as AutocompleteAnswer).rooms.map((r) => r.room_name)

  beforeAll(async () => {
    server = await startTestServer(engine)
    const genre = await db().selectFrom('genres').select('id').executeTakeFirstOrThrow()
    await db()
      .insertInto('rooms')
      .values([
        {
          room_url_key: 'search_idol',
          room_name: 'アイドル部屋',
          main_name: 'ミク',
          genre_id: genre.id,
        },
        {
          room_url_key: 'search_studio',
          room_name: 'ABC Studio',
          main_name: 'ケン',
          genre_id: genre.id,
        },
        {
          room_url_key: 'search_pct',
          room_name: '100%ライブ',
          main_name: 'ハル',
          genre_id: genre.id,
        },
      ])
      .execute()
  })
  afterAll(() => server.close())

  it('finds a room whatever the kana and the width of the keyword', async () => {
    for (const keyword of ['ｱｲﾄﾞﾙ', 'アイドル', 'あいどる', 'どる部屋', 'みく']) {
      expect(
        await names(`/api/search/autocomplete_room?keyword=${encodeURIComponent(keyword)}`),
      ).toContain('アイドル部屋')
    }
    expect(
      await names(`/api/search/autocomplete_room?keyword=${encodeURIComponent('ＡＢＣ')}`),
    ).toEqual(['ABC Studio'])
    expect(await names('/api/search/autocomplete_room?keyword=studio')).toEqual(['ABC Studio'])
    // A % is a percent sign, not "anything".
    expect(await names(`/api/search/autocomplete_room?keyword=${encodeURIComponent('%')}`)).toEqual(
      ['100%ライブ'],
    )
    expect(await names('/api/search/autocomplete_room?keyword=')).toEqual([])
    expect(
      (await server.get(`/api/search/autocomplete_room?keyword=${'a'.repeat(41)}`)).status,
    ).toBe(400)
    // A renamed room is found by its new name at once (the trigger keeps the key).
    await db()
      .updateTable('rooms')
      .set({ room_name: 'ギター部屋' })
      .where('room_url_key', '=', 'search_studio')
      .execute()
    expect(
      await names(`/api/search/autocomplete_room?keyword=${encodeURIComponent('ｷﾞﾀｰ')}`),
    ).toEqual(['ギター部屋'])
  })

  it('pages the results, filters by genre, and counts each genre', async () => {
    const all = (await (await server.get('/api/search/rooms')).json()) as SearchRoomsAnswer
    const rooms = await db().selectFrom('rooms').select('id').execute()
    expect(all.total_entries).toBe(rooms.length)
    expect(all.rooms.length).toBe(Math.min(20, rooms.length))
    const genres = (await (await server.get('/api/search/room_genres')).json()) as RoomGenresAnswer
    expect(genres.genres.reduce((n, g) => n + g.room_num, 0)).toBe(rooms.length)
    const first = genres.genres.find((g) => g.room_num > 0)
    const filtered = (await (
      await server.get(`/api/search/rooms?genre_id=${first?.genre_id ?? 0}&keyword=`)
    ).json()) as SearchRoomsAnswer
    expect(filtered.total_entries).toBe(first?.room_num)
    expect(filtered.rooms.every((r) => r.genre_id === first?.genre_id)).toBe(true)
    expect((await server.get('/api/search/rooms?page=0')).status).toBe(400)
  })
})
