import { describe, expect, it } from 'vitest'
import {
  localizePath,
  matchBrowserLanguage,
  resolveInitialLocale,
  splitLocalePath,
} from '../../src/domain/locale.ts'

describe('locale paths', () => {
  it('splits a locale prefix from the path and leaves Japanese unprefixed', () => {
    expect(splitLocalePath('/en/terms')).toEqual({ locale: 'en', path: '/terms' })
    expect(splitLocalePath('/zh-tw')).toEqual({ locale: 'zh-tw', path: '/' })
    expect(splitLocalePath('/th/')).toEqual({ locale: 'th', path: '/' })
    expect(splitLocalePath('/terms')).toEqual({ locale: null, path: '/terms' })
    expect(splitLocalePath('/ja/terms')).toEqual({ locale: null, path: '/ja/terms' })
    expect(splitLocalePath('/english')).toEqual({ locale: null, path: '/english' })
    expect(splitLocalePath('/fr/terms')).toEqual({ locale: null, path: '/fr/terms' })
  })

  it('prefixes every locale but Japanese', () => {
    expect(localizePath('/terms', 'ja')).toBe('/terms')
    expect(localizePath('/terms', 'en')).toBe('/en/terms')
    expect(localizePath('/', 'th')).toBe('/th')
    expect(localizePath('/', 'ja')).toBe('/')
  })
})

describe('locale choice on first load', () => {
  it('takes the route prefix first', () => {
    expect(
      resolveInitialLocale({ pathname: '/en/terms', cookie: 'th', languages: ['ja'] }),
    ).toEqual({
      locale: 'en',
      redirectTo: null,
    })
  })

  it('then the cookie, redirecting an unprefixed URL to the prefixed one', () => {
    expect(
      resolveInitialLocale({ pathname: '/terms', cookie: 'th', languages: ['en-US'] }),
    ).toEqual({
      locale: 'th',
      redirectTo: '/th/terms',
    })
    expect(
      resolveInitialLocale({ pathname: '/terms', cookie: 'ja', languages: ['en-US'] }),
    ).toEqual({
      locale: 'ja',
      redirectTo: null,
    })
  })

  it('ignores a cookie that is not one of our locales', () => {
    expect(resolveInitialLocale({ pathname: '/', cookie: 'xx', languages: ['zh-TW'] })).toEqual({
      locale: 'zh-tw',
      redirectTo: '/zh-tw',
    })
  })

  it('then the browser languages, then Japanese', () => {
    expect(
      resolveInitialLocale({ pathname: '/', cookie: undefined, languages: ['fr-FR', 'en-GB'] })
        .locale,
    ).toBe('en')
    expect(
      resolveInitialLocale({ pathname: '/', cookie: undefined, languages: ['fr-FR'] }),
    ).toEqual({
      locale: 'ja',
      redirectTo: null,
    })
  })

  it('maps browser language tags onto our locales', () => {
    expect(matchBrowserLanguage(['zh-Hant-TW'])).toBe('zh-tw')
    expect(matchBrowserLanguage(['zh-CN', 'th-TH'])).toBe('th')
    expect(matchBrowserLanguage(['ja-JP'])).toBe('ja')
    expect(matchBrowserLanguage([])).toBeNull()
  })
})
