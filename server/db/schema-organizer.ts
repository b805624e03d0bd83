import type { Generated } from 'kysely'
import type { NavigatorRight } from '../../src/domain/navigator.ts'

/** Kysely's view of the organizer and navigator tables (issue #23: migration 034); DB extends it. */
export interface OrganizerTables {
  organizer_rooms: OrganizerRoomTable
  navigator_rights: NavigatorRightTable
}

/** A room's link to its organizer (at most one): asked by the organizer, accepted by the owner. */
export interface OrganizerRoomTable {
  room_id: number
  organizer_user_id: number
  status: Generated<'pending' | 'accepted'>
  requested_at: Generated<Date>
  accepted_at: Date | null
}

/** One right a navigator holds over one room, granted by the room's organizer. */
export interface NavigatorRightTable {
  room_id: number
  user_id: number
  right: NavigatorRight
  granted_by: number
  granted_at: Generated<Date>
}
