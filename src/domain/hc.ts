import type { OnliveGenre } from './api-types.ts'
import { PICKUP_GENRE_ID } from './onlives.ts'

/*
 * /r/hc (issue #22): the hall of rooms on air, shown one at a time across the window.
 */

/** How often the hall looks again at which rooms are on air. */
export const HC_REFRESH_MS = 60_000
/** The shortest vertical swipe that changes room; a shorter one is a tap or a wobble. */
export const HC_SWIPE_MIN_PX = 48

/** A room of the hall. */
export interface HcRoom {
  roomId: number
  roomUrlKey: string
  mainName: string
  image: string
  viewNum: number
}

/**
 * The hall's order: Pick Up rooms first, then official rooms, then the rest; most watched first
 * within each. A room listed twice (Pick Up and its genre) is shown once.
 */
export function hallOf(genres: readonly OnliveGenre[]): HcRoom[] {
  const rank = new Map<string, { room: HcRoom; tier: number }>()
  for (const genre of genres) {
    for (const live of genre.lives) {
      const tier = genre.genre_id === PICKUP_GENRE_ID ? 0 : live.official_lv > 0 ? 1 : 2
      const known = rank.get(live.room_url_key)
      if (known && known.tier <= tier) continue
      rank.set(live.room_url_key, {
        tier,
        room: {
          roomId: live.room_id,
          roomUrlKey: live.room_url_key,
          mainName: live.main_name,
          image: live.image,
          viewNum: live.view_num,
        },
      })
    }
  }
  return [...rank.values()]
    .sort((a, b) => a.tier - b.tier || b.room.viewNum - a.room.viewNum)
    .map((r) => r.room)
}

/** The index `step` rooms away from `index`, wrapping around the hall's ends. */
export const wrapIndex = (index: number, step: number, length: number): number =>
  length === 0 ? 0 : (((index + step) % length) + length) % length

/** A vertical swipe from `startY` to `endY`: up shows the next room, down the previous one. */
export function swipeOf(startY: number, endY: number): 'next' | 'previous' | null {
  const moved = endY - startY
  if (Math.abs(moved) < HC_SWIPE_MIN_PX) return null
  return moved < 0 ? 'next' : 'previous'
}

/** The arrow keys that change room: down and right the next, up and left the previous. */
export function keyOf(key: string): 'next' | 'previous' | null {
  if (key === 'ArrowDown' || key === 'ArrowRight') return 'next'
  if (key === 'ArrowUp' || key === 'ArrowLeft') return 'previous'
  return null
}
