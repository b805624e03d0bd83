import { describe, expect, it } from 'vitest'
import {
  adRewardTarget,
  isAdRewardEntry,
  isAdRewardMaintenance,
} from '../../src/domain/ad-reward.ts'

describe('ad-reward maintenance window (SPEC.md §2, §9)', () => {
  it('starts at 1736348400 inclusive and ends at 1736402400 exclusive', () => {
    expect(isAdRewardMaintenance(1736348399)).toBe(false)
    expect(isAdRewardMaintenance(1736348400)).toBe(true)
    expect(isAdRewardMaintenance(1736402399)).toBe(true)
    expect(isAdRewardMaintenance(1736402400)).toBe(false)
  })

  it('matches the entry path with or without the trailing slash', () => {
    expect(isAdRewardEntry('/lottery/ad_reward')).toBe(true)
    expect(isAdRewardEntry('/lottery/ad_reward/')).toBe(true)
    expect(isAdRewardEntry('/lottery/ad_reward/5')).toBe(false)
  })
})

describe('ad-reward target', () => {
  it('keeps the original query string', () => {
    expect(adRewardTarget('/lottery/ad_reward/3', '?from=banner&x=1')).toBe(
      '/lottery/ad_reward/3?from=banner&x=1',
    )
    expect(adRewardTarget('/lottery/ad_reward/3?a=b', 'c=d')).toBe('/lottery/ad_reward/3?a=b&c=d')
    expect(adRewardTarget('/lottery/ad_reward/3', '')).toBe('/lottery/ad_reward/3')
  })

  it('gives null (→ /404) for a missing or foreign path', () => {
    expect(adRewardTarget(undefined, '')).toBeNull()
    expect(adRewardTarget('', '')).toBeNull()
    expect(adRewardTarget(null, '')).toBeNull()
    expect(adRewardTarget('//evil.example/x', '')).toBeNull()
    expect(adRewardTarget('https://evil.example/x', '')).toBeNull()
  })
})
