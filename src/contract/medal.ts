import * as v from 'valibot'
import type { MedalKind } from '../domain/medals.ts'
import { Id } from './common.ts'

/** A medal earned (src/domain/medals.ts says by what). */
export interface Medal {
  medal_id: number
  kind: MedalKind
  /** The event or grade it was earned for; 0 when it is about neither. */
  ref_id: number
  /** That event's or grade's name; '' for neither. */
  ref_name: string
  image_url: string
  /** When (unix seconds). */
  earned_at: number
}

/** A medal of the catalogue, earned or not yet. */
export interface MedalSlot {
  medal_id: number
  kind: MedalKind
  image_url: string
  /** How many times it was earned (events and grades earn a kind more than once). */
  earned: number
}

/** `GET /api/room/medals?room_id=`. */
export interface RoomMedalsAnswer {
  room_id: number
  room_name: string
  medals: Medal[]
  catalogue: MedalSlot[]
}

/** `GET /api/room/medal?room_id=&medal_id=`: every time the room earned that medal. */
export const RoomMedalQuery = v.object({ room_id: Id, medal_id: Id })
export type RoomMedalQuery = v.InferInput<typeof RoomMedalQuery>

/** `GET /api/user/medals[?user_id=]` (the caller's without user_id). */
export const UserMedalsQuery = v.object({ user_id: v.optional(Id) })
export type UserMedalsQuery = v.InferInput<typeof UserMedalsQuery>

export interface UserMedalsAnswer {
  user_id: number
  name: string
  medals: Medal[]
  catalogue: MedalSlot[]
}

/** `GET /api/user/medal?medal_id=[&user_id=]`. */
export const UserMedalQuery = v.object({ medal_id: Id, user_id: v.optional(Id) })
export type UserMedalQuery = v.InferInput<typeof UserMedalQuery>

/** One medal's page: its catalogue slot and each time it was earned. */
export interface MedalAnswer {
  medal: MedalSlot
  earned: Medal[]
}
