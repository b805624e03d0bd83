/*
 * Room search (issue #20): a keyword is compared as the database keeps room names
 * (migration 021, room_search_key): NFKC — full- and half-width alike, ｱｲ is アイ — then
 * katakana as hiragana (アイ is あい), then lower case.
 */

/** The longest keyword read. */
export const SEARCH_KEYWORD_MAX = 40

const KATAKANA_FIRST = 0x30a1
const KATAKANA_LAST = 0x30f6
const TO_HIRAGANA = 0x60

export function searchKey(text: string): string {
  let out = ''
  for (const ch of text.normalize('NFKC')) {
    const code = ch.codePointAt(0) ?? 0
    out +=
      code >= KATAKANA_FIRST && code <= KATAKANA_LAST
        ? String.fromCodePoint(code - TO_HIRAGANA)
        : ch
  }
  return out.toLowerCase().trim()
}

/** A LIKE pattern that finds `key` anywhere: its own %, _ and \\ are taken literally. */
export const containsPattern = (key: string) => `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
