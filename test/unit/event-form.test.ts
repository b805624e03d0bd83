import { describe, expect, it } from 'vitest'
import {
  EVENT_FORM_LIMITS,
  checkEventForm,
  eventFieldErrors,
  eventFormMessages as m,
  parseFormTime,
  tokyoIso,
} from '../../src/domain/events.ts'

/** A form that passes: a ranking event on 1–14 January 2026, entries from 20 December. */
const good = {
  url_key: 'winter_cup_2026',
  name: 'ウィンターカップ',
  description: '',
  image: '/img/event/1.png',
  event_type: '1',
  started_at: '2026-01-01T20:00:00+09:00',
  ended_at: '2026-01-14T23:59:00+09:00',
  entry_started_at: '2025-12-20T12:00:00+09:00',
  entry_ended_at: '2026-01-14T23:59:00+09:00',
  min_follower_num: '0',
  rewards: '',
  terms: '',
  tutorial_url: '',
  blocks: '',
  reward_tiers: [
    { up_to_rank: 1, reward: 'ピックアップ' },
    { up_to_rank: 10, reward: 'バッジ' },
  ],
}

describe('event form rules', () => {
  it('takes a good form, times as epoch milliseconds and texts trimmed', () => {
    const checked = checkEventForm({ ...good, name: '  ウィンターカップ ' })
    expect(checked).toMatchObject({
      ok: true,
      draft: {
        name: 'ウィンターカップ',
        event_type: 1,
        started_at: Date.UTC(2026, 0, 1, 11),
        min_follower_num: 0,
        blocks: [],
      },
    })
    expect(eventFieldErrors(good)).toEqual({})
  })

  it.each([
    ['url_key', ''],
    ['url_key', 'Winter'],
    ['url_key', 'winter-cup'],
    ['url_key', '2026'],
    ['url_key', 'a'.repeat(65)],
    ['name', ''],
    ['name', '  '],
    ['name', 'あ'.repeat(EVENT_FORM_LIMITS.name + 1)],
    ['description', 'x'.repeat(EVENT_FORM_LIMITS.description + 1)],
    ['image', 'javascript:alert(1)'],
    ['image', 'http://example.com/a.png'],
    ['tutorial_url', 'https://example.com/a b'],
    ['event_type', '0'],
    ['event_type', '4'],
    ['event_type', 'ranking'],
    ['min_follower_num', '-1'],
    ['min_follower_num', '1000001'],
    ['min_follower_num', '1.5'],
    ['rewards', 'x'.repeat(EVENT_FORM_LIMITS.rewards + 1)],
    ['terms', 'x'.repeat(EVENT_FORM_LIMITS.terms + 1)],
    ['started_at', 'tomorrow'],
    ['started_at', '2026-02-30T20:00'],
    ['entry_started_at', ''],
  ])('%s = %j is refused with its message', (field, value) => {
    expect(eventFieldErrors({ ...good, [field]: value })).toEqual({
      [field]: m[field as keyof typeof m],
    })
  })

  it.each([
    ['min_follower_num', '1000000'],
    ['min_follower_num', 0],
    ['name', 'あ'.repeat(EVENT_FORM_LIMITS.name)],
    ['url_key', 'a'.repeat(64)],
    ['url_key', '2026_cup'],
    ['image', 'https://cdn.example.jp/e.png'],
    ['event_type', 3],
  ])('%s = %j is at a boundary that passes', (field, value) => {
    const blocks = field === 'event_type' ? ['A'] : []
    expect(eventFieldErrors({ ...good, blocks, [field]: value })).toEqual({})
  })

  it('wants the end after the start, and the entry window to close no later than the end', () => {
    expect(eventFieldErrors({ ...good, ended_at: good.started_at })).toEqual({
      ended_at: m.ended_at,
      entry_ended_at: m.entry_ended_at,
    })
    expect(eventFieldErrors({ ...good, entry_ended_at: '2026-01-15T00:00:00+09:00' })).toEqual({
      entry_ended_at: m.entry_ended_at,
    })
    expect(eventFieldErrors({ ...good, entry_ended_at: good.entry_started_at })).toEqual({
      entry_ended_at: m.entry_ended_at,
    })
    // The entry window may close exactly when the event ends, and open after it started.
    expect(eventFieldErrors({ ...good, entry_started_at: '2026-01-02T00:00' })).toEqual({})
  })

  it('reads times with an offset, or without one as Tokyo time, in whole seconds', () => {
    const tokyo = Date.UTC(2026, 0, 1, 11)
    expect(parseFormTime('2026-01-01T20:00')).toBe(tokyo)
    expect(parseFormTime('2026-01-01 20:00:00')).toBe(tokyo)
    expect(parseFormTime('2026-01-01T11:00:00Z')).toBe(tokyo)
    expect(parseFormTime('2026-01-01T20:00:00.999+09:00')).toBe(tokyo)
    expect(parseFormTime('2026-01-01T24:00')).toBeNull()
    expect(parseFormTime(1767265200)).toBeNull()
    expect(tokyoIso(tokyo)).toBe('2026-01-01T20:00:00+09:00')
    expect(parseFormTime(tokyoIso(tokyo))).toBe(tokyo)
  })

  it('wants 1–20 distinct labels of a block event, and ignores them for other kinds', () => {
    const block = { ...good, event_type: 3 }
    expect(checkEventForm({ ...block, blocks: 'A\nB\n\nC\n' })).toMatchObject({
      ok: true,
      draft: { blocks: ['A', 'B', 'C'] },
    })
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `B${i + 1}`)
    expect(eventFieldErrors({ ...block, blocks: labels(20) })).toEqual({})
    for (const blocks of [[], labels(21), ['A', 'A'], ['x'.repeat(31)], [1], 'A'.repeat(31)]) {
      expect(eventFieldErrors({ ...block, blocks })).toEqual({ blocks: m.blocks })
    }
    expect(checkEventForm({ ...good, blocks: ['A', 'B'] })).toMatchObject({
      ok: true,
      draft: { blocks: [] },
    })
  })

  it('wants reward tiers by rank ascending, each rank once, 20 at most', () => {
    const tier = (up_to_rank: unknown, reward: unknown = '賞') => ({ up_to_rank, reward })
    expect(eventFieldErrors({ ...good, reward_tiers: '' })).toEqual({})
    expect(eventFieldErrors({ ...good, reward_tiers: JSON.stringify([tier(1), tier(3)]) })).toEqual(
      {},
    )
    const many = Array.from({ length: 21 }, (_, i) => tier(i + 1))
    for (const tiers of [
      [tier(3), tier(1)],
      [tier(1), tier(1)],
      [tier(0)],
      [tier(1, '')],
      [tier(1, 'x'.repeat(EVENT_FORM_LIMITS.tierReward + 1))],
      [tier('one')],
      many,
      '[{',
      { up_to_rank: 1, reward: '賞' },
    ]) {
      expect(eventFieldErrors({ ...good, reward_tiers: tiers })).toEqual({
        reward_tiers: m.reward_tiers,
      })
    }
    expect(eventFieldErrors({ ...good, reward_tiers: many.slice(0, 20) })).toEqual({})
  })
})
