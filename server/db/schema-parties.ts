import type { Generated } from 'kysely'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the parties' tables (migration 042); DB in schema.ts extends it. */
export interface PartyTables {
  parties: PartyTable
  party_rooms: PartyRoomTable
}

export interface PartyTable {
  id: Generated<number>
  name: string
  created_at: CreatedAt
}

/** A room in a party (a room is in one party at most), in the party's `position` order. */
export interface PartyRoomTable {
  party_id: number
  room_id: number
  position: Generated<number>
}
