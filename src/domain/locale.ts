/** Interface languages (SPEC.md §1). Japanese is the default and has no URL prefix. */
export const LOCALES = ['ja', 'en', 'zh-tw', 'th'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ja'
export const LOCALE_COOKIE = 'kirari_locale'
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** `/en/terms` → { locale: 'en', path: '/terms' }; `/terms` → { locale: null, path: '/terms' }. */
export function splitLocalePath(pathname: string): { locale: Locale | null; path: string } {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/.exec(pathname)
  const prefix = match?.[1]
  if (prefix && prefix !== DEFAULT_LOCALE && isLocale(prefix)) {
    return { locale: prefix, path: match[2] && match[2] !== '' ? match[2] : '/' }
  }
  return { locale: null, path: pathname || '/' }
}

/** The public path of an unprefixed `path` in `locale`. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === DEFAULT_LOCALE) return clean
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`
}

/** The first browser language we speak: `zh-TW`/`zh-Hant` → zh-tw, `en-US` → en. */
export function matchBrowserLanguage(languages: readonly string[]): Locale | null {
  for (const raw of languages) {
    const tag = raw.toLowerCase()
    if (tag === 'zh-tw' || tag.startsWith('zh-hant') || tag === 'zh-hk') return 'zh-tw'
    const base = tag.split('-')[0]
    if (base === 'zh') continue
    if (isLocale(base)) return base
  }
  return null
}

/**
 * The locale of the first page load (SPEC.md §2): the route prefix, then the locale cookie, then
 * the browser's languages, then Japanese. An unprefixed URL whose chosen locale is not Japanese
 * is redirected to its prefixed form.
 */
export function resolveInitialLocale(input: {
  pathname: string
  cookie: string | undefined
  languages: readonly string[]
}): { locale: Locale; redirectTo: string | null } {
  const { locale: prefixed, path } = splitLocalePath(input.pathname)
  if (prefixed) return { locale: prefixed, redirectTo: null }
  const chosen =
    (isLocale(input.cookie) ? input.cookie : null) ??
    matchBrowserLanguage(input.languages) ??
    DEFAULT_LOCALE
  return {
    locale: chosen,
    redirectTo: chosen === DEFAULT_LOCALE ? null : localizePath(path, chosen),
  }
}

/** BCP 47 tag for Intl and `<html lang>`. */
export function languageTag(locale: Locale): string {
  return locale === 'zh-tw' ? 'zh-TW' : locale
}
