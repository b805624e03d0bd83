import rosetta from 'rosetta'
import { DEFAULT_LOCALE, type Locale } from '../domain/locale.ts'

export type Messages = Record<string, unknown>

const i18n = rosetta<Messages>()
const loaded = new Map<Locale, Promise<void>>()

/** Fetches `/sr/lang/{locale}.json` once and hands it to rosetta. */
export function loadMessages(
  locale: Locale,
  fetchJson: (url: string) => Promise<Messages> = defaultFetch,
): Promise<void> {
  let pending = loaded.get(locale)
  if (!pending) {
    pending = fetchJson(`/sr/lang/${locale}.json`).then(
      (table) => i18n.set(locale, table),
      (error: unknown) => {
        loaded.delete(locale)
        throw error
      },
    )
    loaded.set(locale, pending)
  }
  return pending
}

async function defaultFetch(url: string): Promise<Messages> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`messages ${url}: HTTP ${response.status}`)
  return (await response.json()) as Messages
}

/** Registers messages that are already in memory (tests, or a table bundled with the page). */
export function setMessages(locale: Locale, table: Messages): void {
  i18n.set(locale, table)
  loaded.set(locale, Promise.resolve())
}

/** A message of `locale`; falls back to Japanese, then to the key itself so gaps are visible. */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  const value = i18n.t(key, params ?? {}, locale)
  if (typeof value === 'string' && value !== '') return value
  if (locale !== DEFAULT_LOCALE) {
    const fallback = i18n.t(key, params ?? {}, DEFAULT_LOCALE)
    if (typeof fallback === 'string' && fallback !== '') return fallback
  }
  return key
}

/** A structured message (e.g. the sections of a static page); the caller checks its shape. */
export function translateValue(locale: Locale, key: string): unknown {
  const value = i18n.t(key, {}, locale) as unknown
  return value === '' ? undefined : value
}
