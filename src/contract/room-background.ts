import * as v from 'valibot'
import { Flag, Id } from './common.ts'

/*
 * Room backgrounds (issue #21, `/room_background`): the backgrounds a room's owner holds (gacha
 * prizes and mission rewards of type 'background'), the one the room shows now, its favourites
 * and whether it is fixed. Only the room's owner calls these; each POST answers the whole state.
 *
 * - current: the background shown now (on the room page and in live_info).
 * - reset: back to the room's default: no background (a null url).
 * - favorite: a background in or out of the room's favourites.
 * - fixed: when fixed, the current background stays; when not fixed and the room has
 *   favourites, each new live starts with one of them at random.
 */

/** A yes/no field: JSON's true/false, or a form's `0`/`1`. */
const YesNo = v.union([v.boolean(), Flag])

/** `POST /api/room_backgrounds/current`: show this background (one the owner holds). */
export const BackgroundCurrentBody = v.object({ background_id: Id })
export type BackgroundCurrentBody = v.InferInput<typeof BackgroundCurrentBody>

/** `POST /api/room_backgrounds/favorite`: this background in (true) or out of the favourites. */
export const BackgroundFavoriteBody = v.object({ background_id: Id, is_favorite: YesNo })
export type BackgroundFavoriteBody = v.InferInput<typeof BackgroundFavoriteBody>

/** `POST /api/room_backgrounds/fixed`: keep the current background for every live (true). */
export const BackgroundFixedBody = v.object({ is_fixed: YesNo })
export type BackgroundFixedBody = v.InferInput<typeof BackgroundFixedBody>

/** One background the owner holds. */
export interface RoomBackground {
  /** The gacha prize's id. */
  id: number
  name: string
  rarity: string
  /** A landscape picture (`/img/background/{id}.svg`). */
  image_url: string
  is_current: boolean
  is_favorite: boolean
}

/** `GET /api/room_backgrounds`, and every POST's answer: the room's whole background state. */
export interface RoomBackgroundsAnswer {
  /** The background shown now; null: the room's default (none). */
  current_id: number | null
  is_fixed: boolean
  /** The current background's picture, as live_info's `background_image_url` gives it. */
  background_image_url: string | null
  backgrounds: RoomBackground[]
}

/** The error type of a call by an account that owns no room (the page explains, not fails). */
export const NO_ROOM_ERROR = 'NO_ROOM'
