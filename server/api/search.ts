import { Hono } from 'hono'
import {
  AutocompleteQuery,
  SearchRoomsQuery,
  type AutocompleteAnswer,
  type RoomGenresAnswer,
  type SearchRoomsAnswer,
} from '../../src/contract/search.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { autocompleteRooms, roomGenres, searchRooms } from '../services/search/rooms.ts'
import { query } from '../validate.ts'

/** SPEC §7 search: `/api/search/autocomplete_room`, `/api/search/room_genres`, and the results. */
export function searchRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/autocomplete_room', async (c) => {
    const { keyword } = query(c, AutocompleteQuery)
    const answer = await autocompleteRooms(c.var.db, keyword, publicOrigin(c))
    return c.json(answer satisfies AutocompleteAnswer)
  })

  api.get('/rooms', async (c) => {
    const q = query(c, SearchRoomsQuery)
    const answer = await searchRooms(c.var.db, {
      keyword: q.keyword,
      ...(q.genre_id !== undefined && { genreId: q.genre_id }),
      page: q.page,
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies SearchRoomsAnswer)
  })

  api.get('/room_genres', async (c) =>
    c.json((await roomGenres(c.var.db)) satisfies RoomGenresAnswer),
  )

  return api
}
