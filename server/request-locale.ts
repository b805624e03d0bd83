import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  isLocale,
  matchBrowserLanguage,
  splitLocalePath,
  type Locale,
} from '../src/domain/locale.ts'
import type { AppEnv } from './env.ts'

/**
 * The language of the page a call came from, for what the server writes to the caller (mails):
 * the page's locale prefix (a same-origin Referer, `/en/inquiry`), then the locale cookie, then
 * the browser's languages, then Japanese — the order the app itself picks its language in.
 */
export function requestLocale(c: Context<AppEnv>): Locale {
  const referer = c.req.header('referer')
  if (referer) {
    try {
      const url = new URL(referer)
      if (url.origin === c.var.origin) {
        const { locale } = splitLocalePath(url.pathname)
        if (locale) return locale
      }
    } catch {
      // Not a URL: the next sign decides.
    }
  }
  const cookie = getCookie(c, LOCALE_COOKIE)
  if (isLocale(cookie)) return cookie
  const languages = (c.req.header('accept-language') ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean)
  return matchBrowserLanguage(languages) ?? DEFAULT_LOCALE
}
