import { sql } from 'kysely'
import {
  PARTY_LIVE_STATUS,
  type PartyChannelsAnswer,
  type PartyInfo,
} from '../../../src/contract/party.ts'
import type { RoomProfileAnswer } from '../../../src/contract/room.ts'
import type { Db } from '../../db/index.ts'

/** The party the room is in, or undefined. */
export async function partyOfRoom(db: Db, roomId: number): Promise<PartyInfo | undefined> {
  const row = await db
    .selectFrom('party_rooms')
    .innerJoin('parties', 'parties.id', 'party_rooms.party_id')
    .select(['parties.id', 'parties.name'])
    .where('party_rooms.room_id', '=', roomId)
    .executeTakeFirst()
  return row ? { party_id: row.id, name: row.name } : undefined
}

/**
 * The party's rooms in its order, each with its open live as `/api/live/onlives` reads it (a live
 * without `ended_at`; its `view_num`).
 */
function partyRooms(db: Db, partyId: number) {
  return db
    .selectFrom('party_rooms')
    .innerJoin('rooms', 'rooms.id', 'party_rooms.room_id')
    .leftJoin('lives', (join) =>
      join.onRef('lives.room_id', '=', 'rooms.id').on('lives.ended_at', 'is', null),
    )
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'lives.id as live_id',
      sql<number>`coalesce(lives.view_num, 0)::int`.as('view_num'),
    ])
    .where('party_rooms.party_id', '=', partyId)
    .orderBy('party_rooms.position')
    .orderBy('rooms.id')
    .execute()
}

/** `GET /api/parties/channels?room_id=`: the room's party and its channels; none for a room in none. */
export async function partyChannels(
  db: Db,
  roomId: number,
  origin: string,
): Promise<PartyChannelsAnswer> {
  const party = await partyOfRoom(db, roomId)
  if (!party) return { party: null, channels: [] }
  const rooms = await partyRooms(db, party.party_id)
  return {
    party,
    channels: rooms.map((r) => ({
      room_id: r.id,
      room_url_key: r.room_url_key,
      room_name: r.room_name,
      main_name: r.main_name,
      image: `${origin}/img/room/${r.id}.svg`,
      is_onlive: r.live_id !== null,
      view_num: r.view_num,
      is_current: r.id === roomId,
    })),
  }
}

/** The room profile's party fields: `{}`, false and 0 for a room in no party. */
export async function partyProfileFields(
  db: Db,
  roomId: number,
): Promise<Pick<RoomProfileAnswer, 'party' | 'is_party_enabled' | 'party_live_status'>> {
  const party = await partyOfRoom(db, roomId)
  if (!party) {
    return { party: {}, is_party_enabled: false, party_live_status: PARTY_LIVE_STATUS.none }
  }
  const onAir = await db
    .selectFrom('party_rooms')
    .innerJoin('lives', 'lives.room_id', 'party_rooms.room_id')
    .select('lives.id')
    .where('party_rooms.party_id', '=', party.party_id)
    .where('lives.ended_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return {
    party,
    is_party_enabled: true,
    party_live_status: onAir ? PARTY_LIVE_STATUS.onAir : PARTY_LIVE_STATUS.none,
  }
}
