import * as v from 'valibot'
import { Id } from './common.ts'

/*
 * Liver themes (issue #22; SPEC.md §7 `/api/liver_themes`, `/api/pick_up_liver_themes`,
 * `/api/room/liver_theme`): a frame, colours and a stamp set a liver picks for the room.
 */

export interface LiverTheme {
  theme_id: number
  name: string
  description: string
  /** `#rrggbb` colours: the frame around the player, the accent of buttons and names. */
  frame_color: string
  accent_color: string
  /** `#rrggbb`: the panel behind the comments. */
  background_color: string
  /** Short stamps (an emoji or a few characters) viewers post as a comment with one tap. */
  stamps: string[]
  /** The preview card's image (a site path). */
  image_url: string
  is_pick_up: boolean
}

/** `GET /api/liver_themes` and `GET /api/pick_up_liver_themes` (the pick-up ones only). */
export interface LiverThemesAnswer {
  liver_themes: LiverTheme[]
}

/** `GET /api/room/liver_theme?room_id=` */
export const RoomLiverThemeQuery = v.object({ room_id: Id })

/** `POST /api/room/liver_theme` (the room's owner): theme_id 0 takes the theme off. */
export const RoomLiverThemeBody = v.object({
  room_id: Id,
  theme_id: v.pipe(
    v.union([v.number(), v.string()]),
    v.transform(Number),
    v.integer(),
    v.minValue(0),
  ),
})
export type RoomLiverThemeBody = v.InferInput<typeof RoomLiverThemeBody>

/** The GET's and the POST's answer. */
export interface RoomLiverThemeAnswer {
  room_id: number
  liver_theme: LiverTheme | null
}
