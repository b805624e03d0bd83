/*
 * Live tags (issue #20): words an owner puts on a live ("弾き語り", "雑談"), shown on the room
 * and the home cards; a tag leads to the rooms on air with it. The owner's editor and the
 * server check them by these rules, with these messages.
 */

export const LIVE_TAG_MAX_LENGTH = 20
export const LIVE_TAGS_PER_LIVE = 5

/** Words a tag may not hold (compared NFKC and lower-case): contact and adult solicitation. */
export const FORBIDDEN_TAG_WORDS = [
  '出会い',
  'アダルト',
  'line交換',
  'ライン交換',
  '裏垢',
  'sex',
] as const

export const TAG_MESSAGES = {
  empty: 'タグを入力してください。',
  tooLong: `タグは${LIVE_TAG_MAX_LENGTH}文字までです。`,
  tooMany: `タグは${LIVE_TAGS_PER_LIVE}つまでです。`,
  symbol: 'タグに空白や#は使えません。',
  duplicate: '同じタグがあります。',
  forbidden: (word: string) => `「${word}」はタグに使えません。`,
} as const

/** A tag as it is kept: NFKC (ｱｲ is アイ, ＡＢＣ is ABC), trimmed. */
export const normalTag = (tag: string) => tag.normalize('NFKC').trim()

/** What is wrong with one tag, or null. */
export function tagProblem(raw: string): string | null {
  const tag = normalTag(raw)
  if (tag === '') return TAG_MESSAGES.empty
  if (Array.from(tag).length > LIVE_TAG_MAX_LENGTH) return TAG_MESSAGES.tooLong
  if (/[\s#＃]/u.test(tag)) return TAG_MESSAGES.symbol
  const lower = tag.toLowerCase()
  const word = FORBIDDEN_TAG_WORDS.find((w) => lower.includes(w))
  return word ? TAG_MESSAGES.forbidden(word) : null
}

/** What is wrong with a live's tags (each, then their number and repeats), or null. */
export function tagsProblem(raw: readonly string[]): string | null {
  for (const tag of raw) {
    const problem = tagProblem(tag)
    if (problem) return problem
  }
  if (raw.length > LIVE_TAGS_PER_LIVE) return TAG_MESSAGES.tooMany
  const seen = new Set(raw.map((t) => normalTag(t).toLowerCase()))
  return seen.size < raw.length ? TAG_MESSAGES.duplicate : null
}
