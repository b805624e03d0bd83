import type { FollowRoomsAnswer, FollowedRoom } from '../../src/contract/follow.ts'

/** A followed room of /api/follow/rooms, off air, with a last live and no schedule. */
export const followedRoom = (id: number, extra: Partial<FollowedRoom> = {}): FollowedRoom => ({
  room_id: id,
  room_url_key: `room_${id}`,
  room_name: `ルーム${id}`,
  main_name: `ライバー${id}`,
  image: '',
  image_l: '',
  genre_id: 102,
  genre_name: 'アイドル',
  follower_num: 10,
  is_online: false,
  live_id: 0,
  last_lived_at: 1_766_000_000,
  has_next_live: false,
  next_live: null,
  ...extra,
})
/** One page of followed rooms (25 in all) ending on page `last`. */
export const roomsPage = (page: number, last: number, ids: number[]): FollowRoomsAnswer => ({
  rooms: ids.map((id) => followedRoom(id)),
  current_page: page,
  next_page: page < last ? page + 1 : null,
  last_page: last,
  total_entries: 25,
})
