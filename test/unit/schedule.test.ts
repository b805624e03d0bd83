import { describe, expect, it } from 'vitest'
import { scheduleProblems, scheduleText, tokyoWallTime } from '../../src/domain/schedule.ts'

describe('a next live in Tokyo wall time', () => {
  it('reads a datetime-local value as Tokyo time and refuses dates that do not exist', () => {
    expect(tokyoWallTime('2026-12-26T18:00')).toBe(Date.parse('2026-12-26T09:00:00Z'))
    expect(tokyoWallTime('2028-02-29T00:30')).toBe(Date.parse('2028-02-28T15:30:00Z'))
    expect(tokyoWallTime('2027-02-29T00:30')).toBeNull()
    expect(tokyoWallTime('2026-13-01T00:00')).toBeNull()
    expect(tokyoWallTime('2026-12-26 18:00')).toBeNull()
  })

  it('shows it as the room does, and checks the time and the title', () => {
    expect(scheduleText(Date.parse('2026-12-26T09:05:00Z'))).toBe('12/26 18:05')
    expect(scheduleText(Date.parse('2026-12-31T15:00:00Z'))).toBe('1/1 00:00')
    const now = Date.parse('2026-12-26T09:00:00Z')
    expect(scheduleProblems({ startsAt: '2026-12-26T18:00', title: '' }, now)).toEqual({
      starts_at: '過去の日時は設定できません。',
    })
    expect(scheduleProblems({ startsAt: '2026-12-26T18:01', title: 'あ'.repeat(40) }, now)).toEqual(
      {},
    )
    expect(scheduleProblems({ startsAt: '2027-12-27T18:00', title: 'あ'.repeat(41) }, now)).toEqual(
      {
        starts_at: '365日先までの日時を指定してください。',
        title: 'タイトルは40文字までです。',
      },
    )
  })
})
