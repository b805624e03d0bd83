import { randomInt } from 'node:crypto'
import type { PrizeType, Rarity } from '../../src/domain/gacha.ts'
import { tokyoSecondOfDay } from '../../src/domain/regulation.ts'
import { giftImage } from '../../src/domain/gifts.ts'

// The rules of a draw that need no database: the Tokyo day, the weighted pick, odds, images.

/** Midnight in Tokyo (UTC+9, no summer time) of the day `now` falls in. */
export function tokyoDayStart(now: Date): Date {
  const ms = now.getTime()
  return new Date(ms - tokyoSecondOfDay(ms) * 1000 - (((ms % 1000) + 1000) % 1000))
}

export interface Prize {
  id: number
  name: string
  prize_type: PrizeType
  rarity: Rarity
  weight: number
  gift_id: number | null
  num: number
}

/**
 * Chooses `count` prizes, each independently with probability weight / total weight.
 * `random(n)` answers a whole number in [0, n); the server passes crypto.randomInt.
 */
export function pickPrizes<P extends { weight: number }>(
  table: readonly P[],
  count: number,
  random: (n: number) => number = randomInt,
): P[] {
  const total = table.reduce((sum, p) => sum + p.weight, 0)
  if (table.length === 0 || total <= 0) throw new Error('a prize table needs a positive weight')
  return Array.from({ length: count }, () => {
    let r = random(total)
    for (const prize of table) {
      if (r < prize.weight) return prize
      r -= prize.weight
    }
    // Unreachable while random() keeps to [0, total).
    throw new Error('random value out of range')
  })
}

export const prizeImage = (p: { id: number; prize_type: PrizeType; gift_id: number | null }) =>
  p.prize_type === 'free_gift' && p.gift_id !== null
    ? giftImage(p.gift_id)
    : `/img/prize/${p.id}.svg`

/** A percentage with up to two decimals, as the prize table shows odds (景品表示). */
export const oddsPercent = (weight: number, total: number) =>
  (Math.round((weight / total) * 10_000) / 100).toFixed(2)
