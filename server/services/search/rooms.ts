import { sql } from 'kysely'
import type {
  AutocompleteAnswer,
  FoundRoom,
  RoomGenresAnswer,
  SearchRoomsAnswer,
} from '../../../src/contract/search.ts'
import { containsPattern, searchKey } from '../../../src/domain/search.ts'
import type { Db } from '../../db/index.ts'

/*
 * Room search (SPEC §7 Follow/search): names are compared by `rooms.search_key` (migration 021:
 * NFKC, katakana as hiragana, lower case), looked up through its trigram index.
 */

export const AUTOCOMPLETE_SIZE = 10
export const SEARCH_PAGE_SIZE = 20

function roomsMatching(db: Db, key: string, genreId?: number) {
  let q = db
    .selectFrom('rooms')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .leftJoin('lives as onair', (j) =>
      j.onRef('onair.room_id', '=', 'rooms.id').on('onair.ended_at', 'is', null),
    )
  if (key !== '') q = q.where(sql<boolean>`rooms.search_key like ${containsPattern(key)}`)
  if (genreId !== undefined) q = q.where('rooms.genre_id', '=', genreId)
  return q
}

const columns = [
  'rooms.id',
  'rooms.room_url_key',
  'rooms.room_name',
  'rooms.main_name',
  'rooms.genre_id',
  'rooms.follower_num',
  'genres.name as genre_name',
  'onair.id as live_id',
] as const

type Row = {
  id: number
  room_url_key: string
  room_name: string
  main_name: string
  genre_id: number
  follower_num: number
  genre_name: string
  live_id: number | null
}

const shape =
  (origin: string) =>
  (r: Row): FoundRoom => ({
    room_id: r.id,
    room_url_key: r.room_url_key,
    room_name: r.room_name,
    main_name: r.main_name,
    image: `${origin}/img/room/${r.id}.svg`,
    genre_id: r.genre_id,
    genre_name: r.genre_name,
    follower_num: r.follower_num,
    is_online: r.live_id !== null,
  })

/**
 * `/api/search/autocomplete_room`: rooms whose name holds the keyword — those it begins first,
 * each part the most followed first. One statement of two small reads, each stopping at
 * AUTOCOMPLETE_SIZE: the names that begin with it (a prefix index), and those that hold it (the
 * trigram index, or the followers' index walked until enough are found); only the rooms kept
 * are joined to their genre and live.
 */
export async function autocompleteRooms(
  db: Db,
  keyword: string,
  origin: string,
): Promise<AutocompleteAnswer> {
  const key = searchKey(keyword)
  if (key === '') return { rooms: [] }
  const contains = containsPattern(key)
  const { rows } = await sql<Row & { part: number }>`
    select r.id, r.room_url_key, r.room_name, r.main_name, r.genre_id, r.follower_num,
      g.name as genre_name, t.part,
      (select l.id from lives l where l.room_id = r.id and l.ended_at is null limit 1) as live_id
    from (
      (select id, 0 as part from rooms where search_key like ${contains.slice(1)}
        order by follower_num desc, id limit ${AUTOCOMPLETE_SIZE})
      union all
      (select id, 1 as part from rooms where search_key like ${contains}
        order by follower_num desc, id limit ${AUTOCOMPLETE_SIZE})
    ) t
    join rooms r on r.id = t.id
    join genres g on g.id = r.genre_id
    order by t.part, r.follower_num desc, r.id`.execute(db)
  const seen = new Set<number>()
  const kept = rows.filter((r) => !seen.has(r.id) && seen.add(r.id))
  return { rooms: kept.slice(0, AUTOCOMPLETE_SIZE).map(shape(origin)) }
}

/** `/api/search/rooms`: a page of the rooms found (every room with no keyword), on air first. */
export async function searchRooms(
  db: Db,
  request: { keyword: string; genreId?: number; page: number; origin: string },
): Promise<SearchRoomsAnswer> {
  const key = searchKey(request.keyword)
  const [rows, total] = await Promise.all([
    roomsMatching(db, key, request.genreId)
      .select(columns)
      .orderBy(sql`onair.id is null`)
      .orderBy('rooms.follower_num', 'desc')
      .orderBy('rooms.id')
      .limit(SEARCH_PAGE_SIZE)
      .offset((request.page - 1) * SEARCH_PAGE_SIZE)
      .execute(),
    roomsMatching(db, key, request.genreId)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return {
    rooms: rows.map(shape(request.origin)),
    current_page: request.page,
    next_page: request.page * SEARCH_PAGE_SIZE < total.n ? request.page + 1 : null,
    total_entries: total.n,
  }
}

/** `/api/search/room_genres`: every genre, with its rooms and those on air. */
export async function roomGenres(db: Db): Promise<RoomGenresAnswer> {
  const rows = await sql<{ id: number; name: string; room_num: number; onlive_num: number }>`
    select g.id, g.name,
      (select count(*)::int from rooms r where r.genre_id = g.id) as room_num,
      (select count(*)::int from rooms r join lives l on l.room_id = r.id and l.ended_at is null
        where r.genre_id = g.id) as onlive_num
    from genres g
    order by g.sort_order`.execute(db)
  return {
    genres: rows.rows.map((g) => ({
      genre_id: g.id,
      genre_name: g.name,
      room_num: g.room_num,
      onlive_num: g.onlive_num,
    })),
  }
}
