import type { Db } from '../../db/index.ts'
import type { VirtualRoom, VirtualRoomsAnswer } from '../../../src/contract/virtual.ts'

/** How many rooms each list of the corner shows. */
export const VIRTUAL_LIST_SIZE = 20

/** A virtual room with its live on air, if any (one live at most is open per room). */
export function virtualRooms(db: Db) {
  return db
    .selectFrom('rooms')
    .leftJoin('lives', (join) =>
      join.onRef('lives.room_id', '=', 'rooms.id').on('lives.ended_at', 'is', null),
    )
    .select([
      'rooms.id as room_id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'rooms.follower_num',
      'rooms.created_at',
      'lives.view_num',
      'lives.started_at',
    ])
    .where('rooms.is_virtual', '=', true)
}

export type VirtualRoomRow = Awaited<ReturnType<ReturnType<typeof virtualRooms>['execute']>>[number]

/** A row as the contract shows it (the room's image is served by /img/room). */
export const virtualRoom = (r: VirtualRoomRow, origin: string): VirtualRoom => ({
  room_id: r.room_id,
  room_url_key: r.room_url_key,
  room_name: r.room_name,
  main_name: r.main_name,
  image: `${origin}/img/room/${r.room_id}.svg`,
  is_onlive: r.started_at !== null,
  view_num: r.view_num ?? 0,
  follower_num: r.follower_num,
  started_at: r.started_at === null ? null : Math.floor(r.started_at.getTime() / 1000),
})

/**
 * `GET /api/virtual_liver/rooms`: the virtual rooms on air (most viewers first), the newest rooms
 * and the most followed, 20 each; ties go to the lower room id.
 */
export async function virtualRoomLists(db: Db, origin: string): Promise<VirtualRoomsAnswer> {
  const [onlives, newcomers, popular] = await Promise.all([
    virtualRooms(db)
      .where('lives.id', 'is not', null)
      .orderBy('lives.view_num', 'desc')
      .orderBy('rooms.id')
      .limit(VIRTUAL_LIST_SIZE)
      .execute(),
    virtualRooms(db)
      .orderBy('rooms.created_at', 'desc')
      .orderBy('rooms.id', 'desc')
      .limit(VIRTUAL_LIST_SIZE)
      .execute(),
    virtualRooms(db)
      .orderBy('rooms.follower_num', 'desc')
      .orderBy('rooms.id')
      .limit(VIRTUAL_LIST_SIZE)
      .execute(),
  ])
  const shape = (r: VirtualRoomRow) => virtualRoom(r, origin)
  return {
    onlives: onlives.map(shape),
    newcomers: newcomers.map(shape),
    popular: popular.map(shape),
  }
}
