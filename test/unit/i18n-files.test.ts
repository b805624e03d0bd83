import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/domain/locale.ts'

const dir = path.resolve(import.meta.dirname, '../../i18n')
const load = (locale: string): unknown =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), 'utf8'))

/** Every leaf of a message tree as 'a.b.0.c' → value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v)
    }
  } else {
    out.set(prefix, value)
  }
  return out
}

const placeholders = (text: unknown) =>
  typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort() : []

describe('message files', () => {
  const ja = leaves(load('ja'))

  it('has Japanese messages for the keys the code uses', () => {
    expect(ja.get('L_NETWORK_ERROR')).toBe('ネットワークエラーが発生しました')
    expect(ja.get('L_TIMEOUT_ERROR')).toBe('通信エラーが発生しました')
    expect(ja.get('notFound.title')).toBe('Page Not Found')
  })

  it.each(LOCALES.filter((l) => l !== 'ja'))(
    '%s has every key ja has, with the same placeholders',
    (locale) => {
      const other = leaves(load(locale))
      const missing = [...ja.keys()].filter((k) => !other.has(k))
      expect(missing).toEqual([])
      const extra = [...other.keys()].filter((k) => !ja.has(k))
      expect(extra).toEqual([])
      for (const [key, text] of ja) {
        expect(placeholders(other.get(key)), `${locale}:${key}`).toEqual(placeholders(text))
        expect(other.get(key), `${locale}:${key} is empty`).not.toBe('')
      }
    },
  )
})
