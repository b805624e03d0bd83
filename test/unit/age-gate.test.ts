import { describe, expect, it } from 'vitest'
import {
  ageGateRedirect,
  ageOn,
  isAgeGateExempt,
  tokyoDate,
  type AgeGateUser,
} from '../../src/domain/age-gate.ts'

// 2026-11-22 10:00 in Tokyo.
const NOW = Date.UTC(2026, 10, 22, 1, 0, 0)

const user = (patch: Partial<AgeGateUser>): AgeGateUser => ({
  is_login: true,
  account_id: 'someone',
  birthday: 19900101,
  is_legal_representative_agreed: false,
  is_organizer: false,
  ...patch,
})

const gate = (u: AgeGateUser | null, path = '/follow', isWebview = false) =>
  ageGateRedirect(u, { path, nowMs: NOW, isWebview })

describe('age', () => {
  it('counts full years in Tokyo time', () => {
    expect(ageOn(20131122, tokyoDate(NOW))).toBe(13)
    expect(ageOn(20131123, tokyoDate(NOW))).toBe(12)
    expect(ageOn(20131121, tokyoDate(NOW))).toBe(13)
  })

  it('uses the Tokyo date, not UTC: 23:30 UTC is already the next day', () => {
    expect(tokyoDate(Date.UTC(2026, 10, 21, 23, 30))).toEqual({ year: 2026, month: 11, day: 22 })
    expect(tokyoDate(Date.UTC(2026, 10, 21, 14, 59))).toEqual({ year: 2026, month: 11, day: 21 })
  })

  it('rejects impossible birthdays', () => {
    expect(ageOn(20130230, tokyoDate(NOW))).toBeNull()
    expect(ageOn(20131301, tokyoDate(NOW))).toBeNull()
    expect(ageOn(20301122, tokyoDate(NOW))).toBeNull()
  })
})

describe('age gate (SPEC.md §2)', () => {
  it('sends a 12-year-old without agreement to the guardian consent page, lets a 13-year-old through', () => {
    expect(gate(user({ birthday: 20131123 }))).toBe('/legal_representative_agreement')
    expect(gate(user({ birthday: 20131122 }))).toBeNull()
  })

  it('lets a 12-year-old with a legal representative’s agreement through', () => {
    expect(gate(user({ birthday: 20131123, is_legal_representative_agreed: true }))).toBeNull()
  })

  it('sends a user with no birthday home', () => {
    expect(gate(user({ birthday: null }))).toBe('/')
  })

  it('exempts organizers, webviews, anonymous visitors and allow-listed pages', () => {
    const child = user({ birthday: 20200101 })
    expect(gate(user({ birthday: null, is_organizer: true }))).toBeNull()
    expect(gate(child, '/follow', true)).toBeNull()
    expect(gate(null)).toBeNull()
    expect(gate(user({ is_login: false, account_id: '', birthday: null }))).toBeNull()
    for (const path of [
      '/',
      '/terms',
      '/privacypolicy',
      '/inquiry/post',
      '/opinion/new',
      '/agree_new_terms',
      '/organizer/agree_new_terms',
      '/maintenance',
      '/mypage',
      '/legal_representative_agreement',
    ]) {
      expect(gate(child, path)).toBeNull()
    }
  })

  it('does not treat look-alike paths as allow-listed', () => {
    expect(isAgeGateExempt('/inquiryx')).toBe(false)
    expect(isAgeGateExempt('/terms/extra')).toBe(false)
    expect(isAgeGateExempt('/terms/')).toBe(true)
  })
})
