import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Id } from '../../src/contract/common.ts'
import { MAX_ID, parseId } from '../../src/domain/ids.ts'
import { searchId, searchPage } from '../../src/routes/-params.ts'

describe('the one id rule', () => {
  it('takes a plainly written positive integer up to PostgreSQL’s integer, nothing else', () => {
    expect(parseId('1')).toBe(1)
    expect(parseId(String(MAX_ID))).toBe(MAX_ID)
    for (const bad of ['0', '01', '-1', '1e3', '1.0', ' 1', '1 ', '', 'x', String(MAX_ID + 1)])
      expect(parseId(bad), bad).toBeNull()
  })

  it('is the rule of the contract’s Id, for text and for JSON numbers alike', () => {
    expect(v.parse(Id, '42')).toBe(42)
    expect(v.parse(Id, 42)).toBe(42)
    for (const bad of ['0', 0, 1.5, -3, MAX_ID + 1, '1e3', null, true])
      expect(v.safeParse(Id, bad).success, String(bad)).toBe(false)
  })
})

describe('ids and pages in a search', () => {
  it('reads them by the same rule, as the router hands them (text or a number)', () => {
    expect(searchId('102')).toBe(102)
    expect(searchId(102)).toBe(102)
    expect(searchId(MAX_ID)).toBe(MAX_ID)
    for (const bad of [MAX_ID + 1, 2 ** 53, 0, -1, 1.5, '01', 'x', '', null, undefined, true, {}])
      expect(searchId(bad), JSON.stringify(bad)).toBeUndefined()
  })

  it('takes a page up to its last one', () => {
    expect(searchPage(3, 99_999)).toBe(3)
    expect(searchPage('99999', 99_999)).toBe(99_999)
    for (const bad of [100_000, 0, '1e3', 2.5, null])
      expect(searchPage(bad, 99_999), String(bad)).toBeUndefined()
  })
})
