import * as v from 'valibot'
import { MAX_ID } from '../domain/ids.ts'
import { Flag } from './common.ts'

/*
 * Avatars (SPEC §7 Avatars/backgrounds, issue #21): the avatars a user owns, their favourites,
 * and the one they wear. An avatar id is 0–7 for the eight defaults everyone owns, or the gacha
 * prize id of a prize avatar won in a gacha or received from a mission (held in user_items).
 */

/**
 * An avatar id as a form field (text) or JSON (a number) sends it: a whole number written
 * plainly, 0 to MAX_ID (0 is a default avatar, so the contract's positive `Id` will not do).
 */
export const AvatarId = v.pipe(
  v.union([v.pipe(v.string(), v.regex(/^(?:0|[1-9]\d{0,9})$/)), v.number()]),
  v.transform(Number),
  v.number(),
  v.integer(),
  v.minValue(0),
  v.maxValue(MAX_ID),
)

/** `POST /api/user/update_user_avatar` (form or JSON): the avatar to wear. */
export const ChooseAvatarBody = v.object({ avatar_id: AvatarId })
export type ChooseAvatarBody = v.InferInput<typeof ChooseAvatarBody>

/** `POST /api/user_avatar/fav` (form or JSON): mark (`1`) or unmark (`0`) a favourite. */
export const AvatarFavBody = v.object({ avatar_id: AvatarId, is_fav: Flag })
export type AvatarFavBody = v.InferInput<typeof AvatarFavBody>

export type AvatarRarity = 'N' | 'R' | 'SR' | 'SSR'

/** One avatar the user owns. */
export interface OwnedAvatar {
  avatar_id: number
  avatar_url: string
  /** A default's name ('ベーシック 1'…), or the prize's name ('アバター「ひよこ」'). */
  name: string
  /** One of the eight defaults 0–7, which every user owns. */
  is_default: boolean
  is_fav: boolean
  /** The prize's rarity; null for a default. */
  rarity: AvatarRarity | null
  /** How many times the prize was won (user_items.num); 0 for a default. */
  acquired_num: number
}

/**
 * `GET /api/users/me/avatars`: every avatar the user owns and the one worn. Ordered favourites
 * first, then the rest; within each, the prize avatars (by prize id: the gacha catalogue's order)
 * before the defaults 0–7. What a user chose to keep near is on top, and what they won comes
 * before what everyone has. The page's favourites filter is this list's first part.
 */
export interface AvatarsAnswer {
  current_avatar_id: number
  avatars: OwnedAvatar[]
}

/** `POST /api/user_avatar/fav`'s answer: the avatar's entry as it now is. */
export interface AvatarFavAnswer {
  avatar_id: number
  is_fav: boolean
}

/** `POST /api/user/update_user_avatar`'s answer: the avatar now worn, and its picture. */
export interface ChooseAvatarAnswer {
  avatar_id: number
  avatar_url: string
}
