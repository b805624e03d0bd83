import { describe, expect, it } from 'vitest'
import {
  dailyPeriodAt,
  dailyWindow,
  dayBefore,
  missionDay,
  missionLevelView,
  monthlyWindow,
  type MissionLevel,
} from '../../src/domain/missions.ts'

/** Epoch ms of a Tokyo wall-clock time (UTC+9). */
const tokyo = (local: string) => Date.parse(`${local}+09:00`)
const iso = (ms: number) => new Date(ms).toISOString()

describe('mission windows on the Tokyo clock', () => {
  it('switches the daily sets at 05:00 and 17:00', () => {
    expect(dailyPeriodAt(tokyo('2026-05-10T04:59:59.999'))).toBe('night')
    expect(dailyPeriodAt(tokyo('2026-05-10T05:00:00'))).toBe('day')
    expect(dailyPeriodAt(tokyo('2026-05-10T16:59:59.999'))).toBe('day')
    expect(dailyPeriodAt(tokyo('2026-05-10T17:00:00'))).toBe('night')
    expect(dailyPeriodAt(tokyo('2026-05-10T00:00:00'))).toBe('night')
  })

  it('gives the open set its window and the other set its next one', () => {
    const at0459 = tokyo('2026-05-10T04:59:00')
    expect(dailyWindow('night', at0459)).toEqual({
      startsMs: tokyo('2026-05-09T17:00:00'),
      endsMs: tokyo('2026-05-10T05:00:00'),
    })
    expect(dailyWindow('day', at0459)).toEqual({
      startsMs: tokyo('2026-05-10T05:00:00'),
      endsMs: tokyo('2026-05-10T17:00:00'),
    })
    const at0500 = tokyo('2026-05-10T05:00:00')
    expect(iso(dailyWindow('day', at0500).startsMs)).toBe(iso(at0500))
    expect(iso(dailyWindow('night', at0500).startsMs)).toBe(iso(tokyo('2026-05-10T17:00:00')))
    const at1659 = tokyo('2026-05-10T16:59:59')
    expect(iso(dailyWindow('day', at1659).startsMs)).toBe(iso(at0500))
    const at1700 = tokyo('2026-05-10T17:00:00')
    expect(dailyWindow('night', at1700)).toEqual({
      startsMs: at1700,
      endsMs: tokyo('2026-05-11T05:00:00'),
    })
    expect(iso(dailyWindow('day', at1700).startsMs)).toBe(iso(tokyo('2026-05-11T05:00:00')))
  })

  it('names the mission day: a night belongs to the day it began', () => {
    expect(missionDay(tokyo('2026-05-10T04:59:59'))).toBe('2026-05-09')
    expect(missionDay(tokyo('2026-05-10T05:00:00'))).toBe('2026-05-10')
    expect(missionDay(tokyo('2026-05-11T02:00:00'), 'night')).toBe('2026-05-10')
    expect(missionDay(tokyo('2026-05-10T16:59:00'), 'night')).toBe('2026-05-09')
    expect(missionDay(tokyo('2026-05-10T17:00:00'), 'night')).toBe('2026-05-10')
  })

  it('runs a month from 05:00 on the 1st, across the month end and a leap day', () => {
    expect(monthlyWindow(tokyo('2026-06-01T04:59:59'))).toEqual({
      startsMs: tokyo('2026-05-01T05:00:00'),
      endsMs: tokyo('2026-06-01T05:00:00'),
    })
    expect(monthlyWindow(tokyo('2026-06-01T05:00:00')).startsMs).toBe(tokyo('2026-06-01T05:00:00'))
    // 2028 is a leap year: the 29th of February is in February's window, and so is the night
    // that runs into the 1st of March.
    const leap = monthlyWindow(tokyo('2028-02-29T12:00:00'))
    expect(leap).toEqual({
      startsMs: tokyo('2028-02-01T05:00:00'),
      endsMs: tokyo('2028-03-01T05:00:00'),
    })
    expect(monthlyWindow(tokyo('2028-03-01T04:00:00'))).toEqual(leap)
    expect(dailyWindow('night', tokyo('2028-02-29T23:00:00')).endsMs).toBe(
      tokyo('2028-03-01T05:00:00'),
    )
    expect(dayBefore('2028-03-01')).toBe('2028-02-29')
    expect(dayBefore('2027-03-01')).toBe('2027-02-28')
    // December rolls into the next year.
    expect(monthlyWindow(tokyo('2026-12-31T23:00:00')).endsMs).toBe(tokyo('2027-01-01T05:00:00'))
  })
})

describe('a mission level as the user stands', () => {
  const levels: MissionLevel[] = [
    { level: 1, target_value: 3, reward_type: 'gift', reward_id: 1, reward_num: 10 },
    { level: 2, target_value: 10, reward_type: 'gold', reward_id: 0, reward_num: 5 },
  ]

  it('shows the first level not received, with the rewards waiting', () => {
    expect(missionLevelView(levels, { value: 2, achieved: 0, received: 0 })).toMatchObject({
      current_level: 1,
      remain_reward: 0,
      reward: 'in_progress',
    })
    expect(missionLevelView(levels, { value: 12, achieved: 2, received: 0 })).toMatchObject({
      current_level: 1,
      remain_reward: 2,
      reward: 'receivable',
      level: { target_value: 3 },
    })
    expect(missionLevelView(levels, { value: 12, achieved: 2, received: 1 })).toMatchObject({
      current_level: 2,
      remain_reward: 1,
      level: { target_value: 10 },
    })
    expect(missionLevelView(levels, { value: 12, achieved: 2, received: 2 })).toMatchObject({
      current_level: 2,
      max_level: 2,
      remain_reward: 0,
      reward: 'completed',
    })
  })
})
