import { describe, expect, it } from 'vitest'
import { airtimeShares, periodStart, scoreOf } from '../../src/domain/scores.ts'

const at = (iso: string) => Date.parse(iso)

describe('score periods (Tokyo, UTC+9)', () => {
  it('turns the day and the week at midnight in Tokyo, a Monday starting the week', () => {
    // Sunday 23:59:59 in Tokyo.
    const sunday = at('2026-11-22T14:59:59Z')
    expect(periodStart('day', sunday)).toBe('2026-11-22')
    expect(periodStart('week', sunday)).toBe('2026-11-16')
    // Monday 00:00:00 in Tokyo, still Sunday in UTC.
    const monday = at('2026-11-22T15:00:00Z')
    expect(periodStart('day', monday)).toBe('2026-11-23')
    expect(periodStart('week', monday)).toBe('2026-11-23')
    expect(periodStart('month', monday)).toBe('2026-11-01')
  })

  it('turns the month on the 1st in Tokyo, across a year and a leap day', () => {
    expect(periodStart('month', at('2026-11-30T14:59:59Z'))).toBe('2026-11-01')
    expect(periodStart('month', at('2026-11-30T15:00:00Z'))).toBe('2026-12-01')
    expect(periodStart('month', at('2026-12-31T15:00:00Z'))).toBe('2027-01-01')
    expect(periodStart('day', at('2028-02-28T15:00:00Z'))).toBe('2028-02-29')
    // A week that spans two months starts on its Monday in the earlier one.
    expect(periodStart('week', at('2027-01-01T03:00:00Z'))).toBe('2026-12-28')
  })

  it('cuts time on air at the borders it crosses, and only those', () => {
    // Sunday 23:30 to Monday 00:30 in Tokyo: two days, two weeks, one month.
    const shares = airtimeShares(at('2026-11-22T14:30:00Z'), at('2026-11-22T15:30:00Z'))
    expect(shares).toEqual([
      { period: 'day', startsOn: '2026-11-22', seconds: 1800 },
      { period: 'day', startsOn: '2026-11-23', seconds: 1800 },
      { period: 'week', startsOn: '2026-11-16', seconds: 1800 },
      { period: 'week', startsOn: '2026-11-23', seconds: 1800 },
      { period: 'month', startsOn: '2026-11-01', seconds: 3600 },
    ])
    // Nothing on air, nothing counted.
    expect(airtimeShares(at('2026-11-22T14:30:00Z'), at('2026-11-22T14:30:00Z'))).toEqual([])
  })

  it('weighs the parts as documented', () => {
    expect(
      scoreOf({ paidPoints: 10, freePoints: 5, viewers: 2, comments: 7, secondsOnAir: 179 }),
    ).toBe(30 + 5 + 20 + 7 + 2)
  })
})
