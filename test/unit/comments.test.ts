import { describe, expect, it } from 'vitest'
import {
  LOG_TARGET,
  COMMENT_MAX,
  appendNewest,
  commentLength,
  commentProblem,
  isCounterComment,
  isLogVisible,
  keepNewest,
  type SystemLog,
} from '../../src/domain/comments.ts'

describe('counter comments (SPEC.md §4, §5)', () => {
  it.each(['0', '1', '50', '５０', '０', '２５', ' 12 ', '050'])('hides %j', (text) => {
    expect(isCounterComment(text)).toBe(true)
  })
  it.each(['51', '５１', '100', '-1', '1.5', '12a', 'こんにちは', '', '5 0', '5０0'])(
    'shows %j',
    (text) => {
      expect(isCounterComment(text)).toBe(false)
    },
  )
})

describe('system log visibility (SPEC.md §4, §6)', () => {
  const log = (targetType: SystemLog['targetType'], userId: number | null = 7): SystemLog => ({
    id: 'x',
    targetType,
    userId,
    text: 't',
  })
  const viewer = { userId: 7, isOwner: false, mutedUserIds: [] as number[] }
  it('shows everyone-logs to all, owner logs to the owner, self logs to that user', () => {
    expect(isLogVisible(log(LOG_TARGET.all), viewer)).toBe(true)
    expect(isLogVisible(log(LOG_TARGET.flagged), viewer)).toBe(true)
    expect(isLogVisible(log(LOG_TARGET.owner), viewer)).toBe(false)
    expect(isLogVisible(log(LOG_TARGET.owner), { ...viewer, isOwner: true })).toBe(true)
    expect(isLogVisible(log(LOG_TARGET.self), viewer)).toBe(true)
    expect(isLogVisible(log(LOG_TARGET.self, 8), viewer)).toBe(false)
    expect(isLogVisible(log(LOG_TARGET.self), { ...viewer, userId: null })).toBe(false)
  })
  it('hides logs about muted users', () => {
    expect(isLogVisible(log(LOG_TARGET.all, 9), { ...viewer, mutedUserIds: [9] })).toBe(false)
  })
  it('keeps the newest items', () => {
    expect(keepNewest([1, 2, 3, 4], 2)).toEqual([3, 4])
    expect(keepNewest([1], 2)).toEqual([1])
  })
  it('appends an item keeping the newest, without touching the original', () => {
    const items = [1, 2, 3]
    expect(appendNewest(items, 4, 3)).toEqual([2, 3, 4])
    expect(appendNewest(items, 4, 5)).toEqual([1, 2, 3, 4])
    expect(appendNewest([], 1, 1)).toEqual([1])
    expect(items).toEqual([1, 2, 3])
  })
})

describe('the comment limit (the form and the server alike)', () => {
  it('counts characters after trimming: 50 emoji (surrogate pairs) pass, 51 do not', () => {
    const fifty = '😀'.repeat(COMMENT_MAX)
    expect(fifty.length).toBe(100)
    expect(commentLength(fifty)).toBe(50)
    expect(commentProblem(fifty)).toBeNull()
    expect(commentProblem(`  ${fifty}  `)).toBeNull()
    expect(commentProblem(`${fifty}😀`)).toBe('tooLong')
    expect(commentProblem('a'.repeat(51))).toBe('tooLong')
    expect(commentProblem('   ')).toBe('empty')
  })
})
