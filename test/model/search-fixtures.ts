import type { FoundRoom, SearchRoomsAnswer } from '../../src/contract/search.ts'

/** A room as search finds it, named ルーム{id} in genre 102. */
export function foundRoom(id: number, patch: Partial<FoundRoom> = {}): FoundRoom {
  return {
    room_id: id,
    room_url_key: `room_${id}`,
    room_name: `ルーム${id}`,
    main_name: `ルーム${id}`,
    image: '',
    genre_id: 102,
    genre_name: 'アイドル',
    follower_num: id * 10,
    is_online: false,
    ...patch,
  }
}

/** Page `page` of `last`, holding the rooms of the given ids. */
export function resultsPage(page: number, last: number, ids: number[]): SearchRoomsAnswer {
  return {
    rooms: ids.map((id) => foundRoom(id)),
    current_page: page,
    next_page: page < last ? page + 1 : null,
    total_entries: last * ids.length,
  }
}
