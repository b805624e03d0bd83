import { describe, expect, it } from 'vitest'
import {
  NO_LIMIT_REMAINING,
  formatCountdown,
  isStreamingAllowed,
  remainingSeconds,
  type StreamerFlags,
} from '../../src/domain/regulation.ts'

/** A moment at hh:mm:ss Tokyo time (UTC+9). */
const tokyo = (h: number, m: number, s: number) => Date.UTC(2026, 10, 23, h - 9, m, s)

const under16: StreamerFlags = { isAbroad: false, isUnder16: true, isUnder18: true }
const under18: StreamerFlags = { isAbroad: false, isUnder16: false, isUnder18: true }
const adult: StreamerFlags = { isAbroad: false, isUnder16: false, isUnder18: false }
const abroad: StreamerFlags = { isAbroad: true, isUnder16: true, isUnder18: true }

const moments: Array<[string, number]> = [
  ['04:59:59', tokyo(4, 59, 59)],
  ['05:00:00', tokyo(5, 0, 0)],
  ['19:59:59', tokyo(19, 59, 59)],
  ['20:00:00', tokyo(20, 0, 0)],
  ['21:59:59', tokyo(21, 59, 59)],
  ['22:00:00', tokyo(22, 0, 0)],
]

describe('streaming windows (SPEC §4, §9)', () => {
  it.each([
    ['under 16', under16, [false, true, true, false, false, false]],
    ['under 18', under18, [false, true, true, true, true, false]],
    ['adult', adult, [true, true, true, true, true, true]],
    ['abroad (even under 16)', abroad, [true, true, true, true, true, true]],
  ] as const)('%s', (_, flags, expected) => {
    expect(moments.map(([, at]) => isStreamingAllowed(flags, at))).toEqual(expected)
  })

  it('counts down to 20:00 for under 16 and 22:00 for under 18; 0 outside; 1000 without a limit', () => {
    expect(remainingSeconds(under16, tokyo(19, 59, 59))).toBe(1)
    expect(remainingSeconds(under16, tokyo(5, 0, 0))).toBe(15 * 3600)
    expect(remainingSeconds(under16, tokyo(20, 0, 0))).toBe(0)
    expect(remainingSeconds(under18, tokyo(21, 59, 59))).toBe(1)
    expect(remainingSeconds(under18, tokyo(20, 0, 0))).toBe(2 * 3600)
    expect(remainingSeconds(under18, tokyo(4, 59, 59))).toBe(0)
    expect(remainingSeconds(adult, tokyo(23, 0, 0))).toBe(NO_LIMIT_REMAINING)
    expect(remainingSeconds(abroad, tokyo(23, 0, 0))).toBe(NO_LIMIT_REMAINING)
  })

  it('shows the countdown as m:ss or h:mm:ss', () => {
    expect(formatCountdown(59)).toBe('0:59')
    expect(formatCountdown(600)).toBe('10:00')
    expect(formatCountdown(3 * 3600 + 5)).toBe('3:00:05')
  })
})
