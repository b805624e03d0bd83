import { describe, expect, it } from 'vitest'
import type { Animation } from '../../src/contract/site-dialog.ts'
import {
  MAX_PLAYS,
  animationFor,
  giftPlays,
  isRankUp,
  queuePlays,
  rankUpPlay,
  type AnimationPlay,
} from '../../src/domain/animations.ts'
import type { GiftLogEntry } from '../../src/domain/gifts.ts'

const gift = (
  id: number,
  giftId: number,
  minNum: number,
  effect: Animation['effect'] = 'burst',
): Animation => ({
  animation_id: id,
  kind: 'gift',
  gift_id: giftId,
  min_num: minNum,
  effect,
  duration_ms: 2000,
})
const rankUp: Animation = {
  animation_id: 100,
  kind: 'rank_up',
  gift_id: null,
  min_num: 1,
  effect: 'fanfare',
  duration_ms: 2800,
}
const catalogue = [gift(1, 3, 10, 'float'), gift(2, 3, 100, 'burst'), gift(3, 21, 1), rankUp]

const entry = (giftId: number, num: number): GiftLogEntry => ({
  avatar_id: 1,
  avatar_url: '',
  name: 'ファン',
  gift_id: giftId,
  num,
  ua: 0,
  created_at: 0,
  user_id: 9,
  aft: 0,
  image: `/img/gift/${giftId}.svg`,
  image2: '',
})

describe('animationFor', () => {
  it('plays from min_num on, not one below', () => {
    expect(animationFor(catalogue, 3, 9)).toBeNull()
    expect(animationFor(catalogue, 3, 10)?.animation_id).toBe(1)
    expect(animationFor(catalogue, 21, 1)?.animation_id).toBe(3)
  })
  it('takes the highest threshold reached', () => {
    expect(animationFor(catalogue, 3, 99)?.animation_id).toBe(1)
    expect(animationFor(catalogue, 3, 100)?.animation_id).toBe(2)
    expect(animationFor(catalogue, 3, 9999)?.animation_id).toBe(2)
  })
  it('never picks a rank-up or another gift’s animation', () => {
    expect(animationFor(catalogue, 4, 1000)).toBeNull()
    expect(animationFor([rankUp], 3, 1000)).toBeNull()
  })
})

describe('giftPlays', () => {
  const stage = [
    { key: 1, gift: entry(3, 10) },
    { key: 2, gift: entry(3, 1) },
    { key: 3, gift: entry(21, 1) },
  ]
  it('plays only the pushes after the last seen key that reach an animation', () => {
    expect(giftPlays(catalogue, stage, 0).map((p) => p.key)).toEqual(['gift-1', 'gift-3'])
    expect(giftPlays(catalogue, stage, 1).map((p) => p.key)).toEqual(['gift-3'])
    expect(giftPlays(catalogue, stage, 3)).toEqual([])
  })
  it("draws with the gift's picture, its effect and duration", () => {
    expect(giftPlays(catalogue, stage, 0)[0]).toEqual({
      key: 'gift-1',
      effect: 'float',
      durationMs: 2000,
      image: '/img/gift/3.svg',
      giftId: 3,
      num: 10,
      rank: null,
    })
  })
  it('plays nothing without a catalogue', () => {
    expect(giftPlays([], stage, 0)).toEqual([])
  })
})

describe('rank up', () => {
  it('is a smaller rank than before; entering, leaving or falling is not', () => {
    expect(isRankUp(5, 4)).toBe(true)
    expect(isRankUp(2, 1)).toBe(true)
    expect(isRankUp(4, 4)).toBe(false)
    expect(isRankUp(4, 5)).toBe(false)
    expect(isRankUp(null, 1)).toBe(false)
    expect(isRankUp(3, null)).toBe(false)
    expect(isRankUp(3, 0)).toBe(false)
  })
  it('plays the catalogue’s rank_up with the rank reached, or nothing without one', () => {
    expect(rankUpPlay(catalogue, 2)).toMatchObject({ key: 'rank-2', effect: 'fanfare', rank: 2 })
    expect(rankUpPlay([gift(1, 3, 10)], 2)).toBeNull()
  })
})

describe('queuePlays', () => {
  const play = (key: string): AnimationPlay => ({
    key,
    effect: 'burst',
    durationMs: 1000,
    image: null,
    giftId: null,
    num: 1,
    rank: null,
  })
  it('keeps the newest few, none twice', () => {
    const keys = (plays: AnimationPlay[]) => plays.map((p) => p.key)
    expect(keys(queuePlays([play('a')], [play('a'), play('b')]))).toEqual(['a', 'b'])
    const many = queuePlays([], ['a', 'b', 'c', 'd', 'e'].map(play))
    expect(many).toHaveLength(MAX_PLAYS)
    expect(keys(many)).toEqual(['c', 'd', 'e'])
  })
})
