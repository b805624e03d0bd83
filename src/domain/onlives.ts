import type { OnliveGenre } from './api-types.ts'

export const PICKUP_GENRE_ID = 8
export const PICKUP_GENRE_NAME = 'Pick Up'

/**
 * SPEC.md §7: the pick-up call's lives are prepended as genre 8 'Pick Up' to the full list; a
 * genre-8 group in the full list is replaced by them, and empty groups are dropped.
 */
export function mergeOnlives(
  pickup: readonly OnliveGenre[],
  all: readonly OnliveGenre[],
): OnliveGenre[] {
  const pickupLives = pickup.flatMap((g) => g.lives)
  const rest = all.filter((g) => g.genre_id !== PICKUP_GENRE_ID && g.lives.length > 0)
  if (pickupLives.length === 0) return rest
  return [{ genre_id: PICKUP_GENRE_ID, genre_name: PICKUP_GENRE_NAME, lives: pickupLives }, ...rest]
}
