import * as v from 'valibot'
import { SEARCH_KEYWORD_MAX } from '../domain/search.ts'
import { Id } from './common.ts'

/** A room as search finds it. */
export interface FoundRoom {
  room_id: number
  room_url_key: string
  room_name: string
  main_name: string
  image: string
  genre_id: number
  genre_name: string
  follower_num: number
  is_online: boolean
}

/**
 * `GET /api/search/autocomplete_room?keyword=`: up to 10 rooms whose name holds the keyword,
 * compared full/half-width and kana alike (src/domain/search.ts); names that begin with it first.
 */
export const AutocompleteQuery = v.object({
  keyword: v.pipe(v.string(), v.maxLength(SEARCH_KEYWORD_MAX)),
})
export interface AutocompleteAnswer {
  rooms: FoundRoom[]
}

/** `GET /api/search/rooms?keyword=&genre_id=&page=`: the results page, 20 a page from 1. */
export const SearchRoomsQuery = v.object({
  keyword: v.optional(v.pipe(v.string(), v.maxLength(SEARCH_KEYWORD_MAX)), ''),
  genre_id: v.optional(Id),
  page: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,4}$/), v.transform(Number)), '1'),
})
export type SearchRoomsQuery = v.InferInput<typeof SearchRoomsQuery>
export interface SearchRoomsAnswer {
  rooms: FoundRoom[]
  current_page: number
  next_page: number | null
  total_entries: number
}

/** `GET /api/search/room_genres`: every genre with how many rooms it has and how many are on air. */
export interface RoomGenresAnswer {
  genres: Array<{ genre_id: number; genre_name: string; room_num: number; onlive_num: number }>
}

/** `GET /api/live_tags?room_id=`: the tags of the room's live on air ([] off air). */
export const LiveTagsQuery = v.object({ room_id: Id })
export interface LiveTagsAnswer {
  live_id: number
  tags: string[]
}

/** `POST /api/live_tags` (the owner, JSON): the live's tags, all at once (in this order). */
export const LiveTagsBody = v.object({
  live_id: Id,
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(200))), v.maxLength(50)),
})
export type LiveTagsBody = v.InferInput<typeof LiveTagsBody>

/** `GET /api/live_tag/validate?tag=`: `{ ok: true }`, or 400 with the rule's message. */
export const LiveTagValidateQuery = v.object({ tag: v.pipe(v.string(), v.maxLength(200)) })
export interface LiveTagValidateAnswer {
  ok: true
  tag: string
}

/** `GET /api/search/autocomplete_live_tag?keyword=`: tags in use that hold the keyword. */
export interface LiveTagAutocompleteAnswer {
  tags: Array<{ tag: string; onlive_num: number }>
}
