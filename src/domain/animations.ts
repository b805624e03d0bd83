import type { Animation, AnimationEffect } from '../contract/site-dialog.ts'
import type { StageGift } from './room.ts'

/** One animation to play over the room's video. */
export interface AnimationPlay {
  /** Unique within a room visit (the stage key of its gift, or the rank reached). */
  key: string
  effect: AnimationEffect
  durationMs: number
  /** A gift's picture, drawn by the effect; null for a rank up. */
  image: string | null
  giftId: number | null
  num: number
  /** The rank reached, for a rank up; null for a gift. */
  rank: number | null
}

/** The most that play at once: a flood of gifts plays the latest few, not every one. */
export const MAX_PLAYS = 3

/**
 * A gift push's animation: among its gift's, the one with the highest `min_num` the push reaches
 * (ten hearts may burst where one floats); null when none is reached.
 */
export function animationFor(
  animations: readonly Animation[],
  giftId: number,
  num: number,
): Animation | null {
  let best: Animation | null = null
  for (const a of animations) {
    if (a.kind !== 'gift' || a.gift_id !== giftId || a.min_num > num) continue
    if (!best || a.min_num > best.min_num) best = a
  }
  return best
}

/**
 * The plays for the gifts that reached the stage after `afterKey` (stage keys grow by one per
 * gift), oldest first: only pushes whose gift has an animation they reach.
 */
export function giftPlays(
  animations: readonly Animation[],
  stage: readonly StageGift[],
  afterKey: number,
): AnimationPlay[] {
  return stage.flatMap(({ key, gift }) => {
    if (key <= afterKey) return []
    const animation = animationFor(animations, gift.gift_id, gift.num)
    if (!animation) return []
    return [
      {
        key: `gift-${key}`,
        effect: animation.effect,
        durationMs: animation.duration_ms,
        image: gift.image,
        giftId: gift.gift_id,
        num: gift.num,
        rank: null,
      },
    ]
  })
}

/** The room moved up in its event: a smaller rank than before (entering one is no climb). */
export function isRankUp(before: number | null, after: number | null): boolean {
  return before !== null && after !== null && after > 0 && after < before
}

/** The rank-up play for reaching `rank`, or null when the catalogue has none. */
export function rankUpPlay(animations: readonly Animation[], rank: number): AnimationPlay | null {
  const animation = animations.find((a) => a.kind === 'rank_up')
  if (!animation) return null
  return {
    key: `rank-${rank}`,
    effect: animation.effect,
    durationMs: animation.duration_ms,
    image: null,
    giftId: null,
    num: 1,
    rank,
  }
}

/** What plays after adding `added` to `playing`: the newest `MAX_PLAYS`, none twice. */
export function queuePlays(
  playing: readonly AnimationPlay[],
  added: readonly AnimationPlay[],
): AnimationPlay[] {
  const keys = new Set(playing.map((p) => p.key))
  const fresh = added.filter((p) => !keys.has(p.key))
  return [...playing, ...fresh].slice(-MAX_PLAYS)
}
