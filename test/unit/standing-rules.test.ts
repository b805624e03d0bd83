import { describe, expect, it } from 'vitest'
import { BADGES, badgeKey, badgeOf, rankBadge } from '../../src/domain/badges.ts'
import {
  GRADES,
  gradeAfterWeek,
  gradeBorders,
  meterPosition,
  neighbourRanks,
  subdividedRank,
} from '../../src/domain/grades.ts'
import { medalKindOf, medalKinds, streakMedals } from '../../src/domain/medals.ts'

const DAY = 86_400_000

describe('room grades', () => {
  it('a week moves a grade one step at most, at its borders', () => {
    for (const g of GRADES) {
      if (g.up !== null) {
        expect(gradeAfterWeek(g.id, g.up)).toBe(g.id + 1)
        expect(gradeAfterWeek(g.id, g.up - 1)).toBe(g.id)
        expect(gradeAfterWeek(g.id, g.up * 100)).toBe(g.id + 1)
      } else {
        expect(gradeAfterWeek(g.id, 10 ** 12)).toBe(g.id)
      }
      if (g.id > 1) {
        expect(gradeAfterWeek(g.id, g.keep)).toBe(g.id)
        expect(gradeAfterWeek(g.id, g.keep - 1)).toBe(g.id - 1)
        expect(gradeAfterWeek(g.id, 0)).toBe(g.id - 1)
      } else {
        expect(gradeAfterWeek(g.id, 0)).toBe(1)
      }
    }
    // An unknown grade is the first one.
    expect(gradeAfterWeek(99, 0)).toBe(1)
  })

  it('the meter and the subdivided rank follow the week between 0 and the up border', () => {
    expect(meterPosition(1, 0)).toBe(0)
    expect(meterPosition(1, 500)).toBe(50)
    expect(meterPosition(1, 1_000)).toBe(100)
    expect(meterPosition(1, 5_000)).toBe(100)
    expect(subdividedRank(1, 0)).toBe('E-5')
    expect(subdividedRank(1, 199)).toBe('E-5')
    expect(subdividedRank(1, 200)).toBe('E-4')
    expect(subdividedRank(1, 800)).toBe('E-1')
    expect(subdividedRank(4, 50_000)).toBe('B-1')
    // The top grade's meter runs to twice its keep border.
    expect(meterPosition(7, 300_000)).toBe(50)
  })

  it('the neighbouring ranks cross into the next grade at the ends, not past the ladder', () => {
    expect(neighbourRanks(1, 0)).toEqual({ prev: '', next: 'E-4' })
    expect(neighbourRanks(1, 900)).toEqual({ prev: 'E-2', next: 'D-5' })
    expect(neighbourRanks(2, 0)).toEqual({ prev: 'E-1', next: 'D-4' })
    expect(neighbourRanks(7, 600_000)).toEqual({ prev: 'SS-2', next: '' })
  })

  it('borders: the grade below from 0, this grade from keep, the next from up', () => {
    expect(gradeBorders(1)).toEqual([
      { gradeId: 1, score: 0 },
      { gradeId: 2, score: 1_000 },
    ])
    expect(gradeBorders(3)).toEqual([
      { gradeId: 2, score: 0 },
      { gradeId: 3, score: 2_000 },
      { gradeId: 4, score: 15_000 },
    ])
    expect(gradeBorders(7)).toHaveLength(2)
  })
})

describe('badges', () => {
  it('ranks 1–3 are gold, silver, bronze; the pink tiers end at 300', () => {
    expect([1, 2, 3].map(rankBadge)).toEqual([BADGES.gold, BADGES.silver, BADGES.bronze])
    expect([4, 10, 11, 48, 49, 50, 51, 100, 101, 300].map(rankBadge)).toEqual([
      113, 113, 114, 114, 115, 115, 116, 116, 117, 117,
    ])
    expect(rankBadge(301)).toBeNull()
    expect(rankBadge(null)).toBeNull()
    expect(rankBadge(0)).toBeNull()
  })

  it('official first, then the ranking, then a new room, then a new account', () => {
    const now = Date.UTC(2026, 10, 24)
    const base = { ownsOfficialRoom: false, monthlyRank: null, firstLiveAtMs: null }
    const old = now - 400 * DAY
    expect(
      badgeOf({ ...base, ownsOfficialRoom: true, monthlyRank: 1, accountCreatedAtMs: old }, now),
    ).toBe(4)
    expect(
      badgeOf({ ...base, monthlyRank: 2, firstLiveAtMs: now, accountCreatedAtMs: now }, now),
    ).toBe(111)
    expect(badgeOf({ ...base, firstLiveAtMs: now - 29 * DAY, accountCreatedAtMs: old }, now)).toBe(
      2,
    )
    expect(badgeOf({ ...base, firstLiveAtMs: now - 30 * DAY, accountCreatedAtMs: old }, now)).toBe(
      0,
    )
    expect(badgeOf({ ...base, accountCreatedAtMs: now - 6 * DAY }, now)).toBe(1)
    expect(badgeOf({ ...base, accountCreatedAtMs: now - 7 * DAY }, now)).toBe(0)
    expect(badgeKey(110)).toBe('badge.gold')
    expect(badgeKey(0)).toBe('')
  })
})

describe('medals', () => {
  it('streaks earn at 7, 30 and 100 days; the catalogue splits rooms and users', () => {
    expect(streakMedals(6)).toEqual([])
    expect(streakMedals(7)).toEqual(['streak_7'])
    expect(streakMedals(30)).toEqual(['streak_7', 'streak_30'])
    expect(streakMedals(100)).toHaveLength(3)
    expect(medalKinds('room')).toContain('event_top10')
    expect(medalKinds('user')).not.toContain('first_live')
    expect(medalKindOf(101)).toBe('first_comment')
    expect(medalKindOf(999)).toBeNull()
  })
})
