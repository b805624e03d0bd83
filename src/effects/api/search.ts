import type { InferInput } from 'valibot'
import type {
  AutocompleteAnswer,
  AutocompleteQuery,
  RoomGenresAnswer,
  SearchRoomsAnswer,
  SearchRoomsQuery,
} from '../../contract/search.ts'
import type { SearchPageQuery } from '../../machines/search/search-results.machine.ts'
import type { ApiClient } from './client.ts'

/** `/api/search/autocomplete_room`: up to 10 rooms whose name holds the keyword. */
export const suggestRooms = (api: ApiClient, keyword: string) =>
  api.get<AutocompleteAnswer>('/api/search/autocomplete_room', {
    keyword,
  } satisfies InferInput<typeof AutocompleteQuery>)

/** `/api/search/rooms`: one page (from 1) of the rooms matching a keyword, in a genre or all. */
export const searchRooms = (api: ApiClient, q: SearchPageQuery) =>
  api.get<SearchRoomsAnswer>('/api/search/rooms', {
    keyword: q.keyword,
    page: String(q.page),
    ...(q.genre === 'all' ? {} : { genre_id: String(q.genre) }),
  } satisfies SearchRoomsQuery)

/** `/api/search/room_genres`: every genre with its room and on-air counts. */
export const getRoomGenres = (api: ApiClient) =>
  api.get<RoomGenresAnswer>('/api/search/room_genres')
