import { describe, expect, it } from 'vitest'
import { checkAccess } from '../../src/domain/access.ts'
import { mayReloadChunk, isChunkLoadError } from '../../src/domain/chunk-reload.ts'
import { formatCompactCount } from '../../src/domain/compact-count.ts'
import { readCookie } from '../../src/domain/cookie.ts'
import { serializeCookie } from '../../src/domain/set-cookie.ts'
import { mergeOnlives } from '../../src/domain/onlives.ts'
import { pageTitle } from '../../src/domain/title.ts'
import { isWebviewClient } from '../../src/domain/webview.ts'
import { whenOnline } from '../../src/effects/browser.ts'
import type { OnliveGenre, OnliveItem } from '../../src/domain/api-types.ts'

describe('compact counts (SPEC.md §9)', () => {
  it('groups below 10,000 and uses K from 10,000', () => {
    expect(formatCompactCount(9999, 'ja')).toBe('9,999')
    expect(formatCompactCount(10000, 'ja')).toBe('10.0K')
    expect(formatCompactCount(12345, 'ja')).toBe('12.35K')
    expect(formatCompactCount(20000, 'ja')).toBe('20.0K')
    expect(formatCompactCount(10500, 'en')).toBe('10.5K')
    expect(formatCompactCount(1234567, 'en')).toBe('1,234.57K')
    expect(formatCompactCount(0, 'th')).toBe('0')
  })
})

describe('chunk reloads (SPEC.md §8)', () => {
  it('waits for the network before acting on a file that failed offline', () => {
    const browser = Object.assign(new EventTarget(), { navigator: { onLine: false } })
    const runs: string[] = []
    whenOnline(() => runs.push('offline'), browser as unknown as Window)
    expect(runs).toEqual([])
    browser.navigator.onLine = true
    browser.dispatchEvent(new Event('online'))
    browser.dispatchEvent(new Event('online'))
    expect(runs).toEqual(['offline'])
    whenOnline(() => runs.push('online'), browser as unknown as Window)
    expect(runs).toEqual(['offline', 'online'])
  })

  it('reloads once per 10 s per path', () => {
    expect(mayReloadChunk({}, '/a', 5000)).toBe(true)
    expect(mayReloadChunk({ '/a': 1000 }, '/a', 10999)).toBe(false)
    expect(mayReloadChunk({ '/a': 1000 }, '/a', 11000)).toBe(true)
    expect(mayReloadChunk({ '/a': 1000 }, '/b', 1001)).toBe(true)
  })

  it('recognises the browsers’ chunk errors only', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true)
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('boom'))).toBe(false)
  })
})

describe('route guards', () => {
  const viewer = { is_login: true, is_organizer: false }
  const organizer = { is_login: true, is_organizer: true }
  it('sends anonymous visitors home to log in', () => {
    for (const rule of ['auth', 'auth-user', 'auth-organizer'] as const) {
      expect(checkAccess(rule, null)).toEqual({
        allowed: false,
        redirectTo: '/',
        reason: 'login-required',
      })
    }
  })
  it('lets the right kind of user in', () => {
    expect(checkAccess('auth', viewer).allowed).toBe(true)
    expect(checkAccess('auth', organizer).allowed).toBe(true)
    expect(checkAccess('auth-user', viewer).allowed).toBe(true)
    expect(checkAccess('auth-user', organizer)).toEqual({
      allowed: false,
      redirectTo: '/',
      reason: 'forbidden',
    })
    expect(checkAccess('auth-organizer', organizer).allowed).toBe(true)
    expect(checkAccess('auth-organizer', viewer)).toEqual({
      allowed: false,
      redirectTo: '/',
      reason: 'forbidden',
    })
  })
})

describe('cookies (SPEC.md §5)', () => {
  it('writes the locale cookie with its attributes', () => {
    expect(
      serializeCookie('kirari_locale', 'en', {
        maxAgeSeconds: 31536000,
        path: '/',
        sameSite: 'Lax',
      }),
    ).toBe('kirari_locale=en; Max-Age=31536000; Path=/; SameSite=Lax')
  })
  it('refuses names and values that are not valid header characters', () => {
    const o = { maxAgeSeconds: 1, path: '/', sameSite: 'Lax' } as const
    expect(() => serializeCookie('bad name', 'x', o)).toThrow(TypeError)
    expect(() => serializeCookie('ok', 'a;b', o)).toThrow(TypeError)
    expect(() => serializeCookie('ok', 'a\r\nSet-Cookie: x=y', o)).toThrow(TypeError)
    expect(() => serializeCookie('ok', 'ロケール', o)).toThrow(TypeError)
  })
  it('reads one cookie out of document.cookie', () => {
    expect(readCookie('a=1; kirari_locale=th; b=2', 'kirari_locale')).toBe('th')
    expect(readCookie('a=1', 'kirari_locale')).toBeUndefined()
  })
})

describe('webview clients (SPEC.md §6)', () => {
  it('counts our app, web views and mobile devices, not desktop browsers', () => {
    expect(
      isWebviewClient(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156 Safari/537.36',
      ),
    ).toBe(false)
    expect(
      isWebviewClient(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/18 Safari/605.1.15',
      ),
    ).toBe(false)
    expect(
      isWebviewClient(
        'Mozilla/5.0 (Linux; Android 14; wv) AppleWebKit/537.36 Chrome/156 Mobile Safari/537.36',
      ),
    ).toBe(true)
    expect(
      isWebviewClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      ),
    ).toBe(true)
    expect(isWebviewClient('Mozilla/5.0 (X11; Linux x86_64) KirariApp/1.0')).toBe(true)
  })
})

describe('titles and the on-air list', () => {
  it('joins title parts with a vertical bar', () => {
    expect(pageTitle('利用規約')).toBe('利用規約 | Kirari')
    expect(pageTitle('A', null, 'B')).toBe('A | B | Kirari')
  })

  const live = (id: number): OnliveItem => ({ live_id: id, room_id: id }) as OnliveItem
  it('puts Pick Up (genre 8) first and drops empty genres', () => {
    const all: OnliveGenre[] = [
      { genre_id: 102, genre_name: 'アイドル', lives: [live(1)] },
      { genre_id: 8, genre_name: 'old', lives: [live(9)] },
      { genre_id: 101, genre_name: 'ミュージック', lives: [] },
    ]
    const merged = mergeOnlives([{ genre_id: 8, genre_name: 'x', lives: [live(1)] }], all)
    expect(merged.map((g) => [g.genre_id, g.genre_name])).toEqual([
      [8, 'Pick Up'],
      [102, 'アイドル'],
    ])
    expect(mergeOnlives([], all).map((g) => g.genre_id)).toEqual([102])
  })
})
