/** SPEC §9: a new account's random avatar is one of the eight defaults, 0–7. */
export const DEFAULT_AVATAR_COUNT = 8

/**
 * Where an avatar's picture is: the one rule for the server's answers, pushed frames and the app.
 * Every id has a picture (`/img/avatar/{id}.svg`; prize avatars from the gacha included).
 */
export function avatarUrl(avatarId: number): string {
  return `/img/avatar/${avatarId}.svg`
}

/** One of the eight defaults 0–7, which every user owns; any other id is a prize avatar. */
export const isDefaultAvatar = (avatarId: number): boolean =>
  Number.isInteger(avatarId) && avatarId >= 0 && avatarId < DEFAULT_AVATAR_COUNT

/** A default avatar's name, numbered from 1 as the sign-up form numbers them. */
export const defaultAvatarName = (avatarId: number): string => `ベーシック ${avatarId + 1}`

/** The refusal of an avatar the user does not own (to wear it, or to mark it a favourite). */
export const AVATAR_NOT_OWNED_MESSAGE = 'このアバターは持っていません。'
