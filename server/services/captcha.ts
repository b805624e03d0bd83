import { randomBytes, randomInt } from 'node:crypto'
import type { Db } from '../db/index.ts'
import { captchaSvg } from './captcha-image.ts'

// No 0/O, 1/I/l: a person must be able to read it.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const WORD_LENGTH = 5
const LIFETIME_MS = 10 * 60_000

export interface CaptchaOptions {
  /** Test mode (`CAPTCHA_FIXED_WORD`): every captcha accepts this word. */
  fixedWord: string | undefined
}

export function captchaUrl(id: string): string {
  return `/captcha/${id}.svg`
}

/** A fresh one-time captcha for `sessionId`; answers with its image URL. */
export async function createCaptcha(
  db: Db,
  sessionId: string,
  options: CaptchaOptions,
): Promise<string> {
  const id = randomBytes(12).toString('base64url')
  const word =
    options.fixedWord ??
    Array.from({ length: WORD_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  // Only the newest counts (consumeCaptcha), so the older ones of the session go: asking again
  // and again keeps one row, not one per request.
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('captchas').where('session_id', '=', sessionId).execute()
    await tx
      .insertInto('captchas')
      .values({
        id,
        session_id: sessionId,
        word,
        svg: captchaSvg(word),
        expires_at: new Date(Date.now() + LIFETIME_MS),
      })
      .execute()
  })
  return captchaUrl(id)
}

/**
 * Checks `answer` against the session's newest unused captcha, case-insensitively, and uses it
 * up whatever the answer: a captcha is good for exactly one try.
 */
export async function consumeCaptcha(
  db: Db,
  sessionId: string,
  answer: string,
  options: CaptchaOptions,
): Promise<boolean> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('captchas')
        .select('id')
        .where('session_id', '=', sessionId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .returning('word')
    .executeTakeFirst()
  if (!row) return false
  const expected = options.fixedWord ?? row.word
  return answer.trim().toUpperCase() === expected.toUpperCase()
}

/** The picture of a live captcha (drawn at creation, services/captcha-image.ts), or null. */
export async function renderCaptcha(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('captchas')
    .select(['word', 'svg', 'used_at', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row || row.used_at || row.expires_at < new Date()) return null
  // The same picture every time it is asked for: nothing to lay over another drawing.
  return row.svg ?? captchaSvg(row.word)
}
