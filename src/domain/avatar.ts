/** SPEC §9: a new account's random avatar is one of the eight defaults, 0–7. */
export const DEFAULT_AVATAR_COUNT = 8

/**
 * Where an avatar's picture is: the one rule for the server's answers, pushed frames and the app.
 * Every id has a picture (`/img/avatar/{id}.svg`; prize avatars from the gacha included).
 */
export function avatarUrl(avatarId: number): string {
  return `/img/avatar/${avatarId}.svg`
}
