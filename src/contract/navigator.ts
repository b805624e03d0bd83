import * as v from 'valibot'
import { NAVIGATOR_RIGHTS, type NavigatorRight } from '../domain/navigator.ts'
import { Id, Text } from './common.ts'

export { NAVIGATOR_RIGHTS, type NavigatorRight } from '../domain/navigator.ts'

/*
 * Organizers and navigators (issue #23; SPEC.md §7 `/api/navigator/permission`). An organizer
 * links rooms (the owner accepts), then grants members of its staff rights over one linked room.
 */

/** `GET /api/navigator/permission?room_id=`: the room's navigators and their rights. */
export const NavigatorQuery = v.object({ room_id: Id })

/**
 * `POST /api/navigator/permission`: sets `account_id`'s rights over the room to exactly
 * `rights` (an empty list revokes them all). The room's organizer only.
 */
export const NavigatorPermissionBody = v.object({
  room_id: Id,
  account_id: Text(100),
  rights: v.pipe(v.array(v.picklist(NAVIGATOR_RIGHTS)), v.maxLength(NAVIGATOR_RIGHTS.length)),
})
export type NavigatorPermissionBody = v.InferInput<typeof NavigatorPermissionBody>

export interface NavigatorEntry {
  user_id: number
  account_id: string
  name: string
  avatar_url: string
  rights: NavigatorRight[]
  /** Unix seconds of the last change. */
  updated_at: number
}

/** The GET's answer, and the POST's (the list after the change). */
export interface NavigatorPermissionsAnswer {
  room_id: number
  room_name: string
  room_url_key: string
  /** The organizer the room is linked to (accepted), or null. */
  organizer: { user_id: number; name: string } | null
  /** The caller may change rights here: the room's organizer. The owner only reads. */
  can_edit: boolean
  navigators: NavigatorEntry[]
}

/**
 * `GET /api/navigator/my_rights?room_id=`: what the caller may do in the room's tools — all of
 * them for the owner, the rights held for a navigator, none for anyone else.
 */
export interface MyRoomRightsAnswer {
  is_owner: boolean
  is_navigator: boolean
  rights: NavigatorRight[]
}

/** `POST /api/organizer/rooms`: the organizer asks to link a room (its owner accepts). */
export const OrganizerRoomLinkBody = v.object({ room_url_key: Text(100) })

export interface OrganizerRoomLive {
  live_id: number
  started_at: number
  ended_at: number | null
  /** Paid gift points received in the live. */
  gift_points: number
  /** Viewers who gave a gift in the live. */
  gifters: number
}

export interface OrganizerRoom {
  room_id: number
  room_url_key: string
  room_name: string
  image: string
  /** 'pending' until the owner accepts the link. */
  status: 'pending' | 'accepted'
  is_live: boolean
  /** The room's last five lives, newest first (accepted links only). */
  recent_lives: OrganizerRoomLive[]
}

/** `GET /api/organizer/rooms` (the organizer's page) and the POST's answer. */
export interface OrganizerRoomsAnswer {
  organizer_name: string
  rooms: OrganizerRoom[]
}

/** `GET /api/room/organizer?room_id=` (owner): the link asked for or accepted, or null. */
export interface RoomOrganizerAnswer {
  link: { organizer_name: string; status: 'pending' | 'accepted' } | null
}

/** `POST /api/room/organizer`: the owner accepts (or declines, ending it) the link. */
export const RoomOrganizerDecisionBody = v.object({ room_id: Id, accept: v.boolean() })
export type RoomOrganizerDecisionBody = v.InferInput<typeof RoomOrganizerDecisionBody>
