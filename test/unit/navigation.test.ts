import { describe, expect, it } from 'vitest'
import { checkNavigation } from '../../src/domain/navigation.ts'

const context = {
  origin: 'https://kirari.example',
  allowedHosts: ['help.kirari.example', '.partner.example'],
}

describe('navigation checks (SPEC.md §2)', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/plain,x',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
  ])('always refuses %j', (target) => {
    expect(checkNavigation(target, context)).toEqual({ ok: false, reason: 'dangerous-protocol' })
  })

  it('allows our own paths and URLs, as internal paths', () => {
    expect(checkNavigation('/terms?x=1#a', context)).toEqual({
      ok: true,
      href: '/terms?x=1#a',
      external: false,
    })
    expect(checkNavigation('https://kirari.example/r/abc', context)).toEqual({
      ok: true,
      href: '/r/abc',
      external: false,
    })
  })

  it('refuses other hosts unless allow-listed', () => {
    expect(checkNavigation('https://evil.example/', context)).toEqual({
      ok: false,
      reason: 'not-allowed',
    })
    expect(checkNavigation('//evil.example/', context)).toEqual({
      ok: false,
      reason: 'not-allowed',
    })
    expect(checkNavigation('https://help.kirari.example/faq', context)).toEqual({
      ok: true,
      href: 'https://help.kirari.example/faq',
      external: true,
    })
    expect(checkNavigation('https://shop.partner.example/', context).ok).toBe(true)
    expect(checkNavigation('https://partner.example.evil/', context).ok).toBe(false)
    expect(checkNavigation('mailto:help@kirari.example', context)).toEqual({
      ok: false,
      reason: 'not-allowed',
    })
  })
})
