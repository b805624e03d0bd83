import type { ChunkReloads } from '../domain/chunk-reload.ts'
import { readCookie } from '../domain/cookie.ts'
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '../domain/locale.ts'

const CHUNK_RELOADS_KEY = 'kirari:chunk-reloads'

export function readLocaleCookie(): string | undefined {
  return readCookie(document.cookie, LOCALE_COOKIE)
}

/**
 * SPEC.md §4: the locale cookie lives 365 days on path / with SameSite=Lax. Written only when the
 * visitor changes language: the cookie rules load then, not with the first page.
 */
export function writeLocaleCookie(locale: Locale): void {
  import('../domain/set-cookie.ts').then(
    ({ serializeCookie }) => {
      document.cookie = serializeCookie(LOCALE_COOKIE, locale, {
        maxAgeSeconds: LOCALE_COOKIE_MAX_AGE,
        path: '/',
        sameSite: 'Lax',
        secure: location.protocol === 'https:',
      })
    },
    // Offline at that moment: the URL keeps the language; the cookie is written next time.
    () => {},
  )
}

/** Reloads survive the reload itself, so the once-per-10-s rule lives in sessionStorage. */
export function readChunkReloads(): ChunkReloads {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CHUNK_RELOADS_KEY) ?? '{}')
    if (parsed && typeof parsed === 'object') {
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
      )
    }
  } catch {
    // storage disabled or corrupt: start afresh
  }
  return {}
}

export function writeChunkReloads(reloads: ChunkReloads): void {
  try {
    sessionStorage.setItem(CHUNK_RELOADS_KEY, JSON.stringify(reloads))
  } catch {
    // storage disabled: the page may reload again, which is the lesser harm
  }
}

export const browserLanguages = (): readonly string[] =>
  navigator.languages.length > 0 ? navigator.languages : [navigator.language]

export const reloadPage = () => location.reload()

/**
 * Runs `task` now when the browser is online, else once it is back online. A file that failed
 * to load while the phone had no network (a tunnel) is not a new build's: reloading at once
 * would only swap the page the viewer is reading, with what they typed, for the offline page.
 */
export function whenOnline(task: () => void, target: Window = window): void {
  if (target.navigator.onLine) {
    task()
    return
  }
  target.addEventListener('online', () => task(), { once: true })
}

/** Full-page navigation that replaces the current entry (SPEC.md §8 redirect_url). */
export const replaceLocation = (href: string) => location.replace(href)
