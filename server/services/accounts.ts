import { createHash, randomInt } from 'node:crypto'
import { sql } from 'kysely'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { hashPassword, verifyPassword } from './passwords.ts'

export const authMessages = {
  wrongCaptcha: '画像認証の文字が正しくありません',
  wrongPassword: 'アカウントIDまたはパスワードが正しくありません',
  tooManyAttempts: 'ログインの試行回数が多すぎます。1分ほど待ってから再度お試しください。',
  accountTaken: 'このアカウントIDはすでに使われています',
  loginRequired: 'ログインしてください',
  failed: '失敗しました。',
  wrongCode: '認証コードが正しくないか、有効期限が切れています',
  noPhone: 'このアカウントには電話番号が登録されていません',
  notConfigured: 'このログイン方法は現在利用できません',
} as const

export async function findUserByAccountId(db: Db, accountId: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(account_id)`, '=', accountId.toLowerCase())
    .executeTakeFirst()
}

/** The user id when `password` is right, else null (taking as long either way). */
export async function checkCredentials(
  db: Db,
  accountId: string,
  password: string,
): Promise<number | null> {
  const user = await findUserByAccountId(db, accountId)
  const ok = await verifyPassword(password, user?.password_hash ?? null)
  return ok && user ? user.id : null
}

export async function createAccount(
  db: Db,
  input: { accountId: string; password: string; name: string; avatarId?: number | undefined },
): Promise<number> {
  const passwordHash = await hashPassword(input.password)
  try {
    const row = await db
      .insertInto('users')
      .values({
        account_id: input.accountId,
        name: input.name.trim(),
        avatar_id: input.avatarId ?? randomInt(8),
        birthday: null,
        password_hash: passwordHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  } catch (error) {
    // The unique index on lower(account_id) decides races between two sign-ups.
    if (/unique|duplicate/i.test((error as Error).message)) {
      throw new ApiError(409, authMessages.accountTaken)
    }
    throw error
  }
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', userId)
    .execute()
}

const CODE_LIFETIME_MS = 10 * 60_000
const CODE_ATTEMPTS = 5

/** Codes are stored hashed: a copy of the table does not show a working code. */
function hashCode(userId: number, purpose: string, code: string): string {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('base64url')
}

/** A fresh six-digit code for `purpose`; older unused codes of the same purpose stop working. */
export async function issueSmsCode(
  db: Db,
  userId: number,
  purpose: 'auth' | 'reset',
  phone: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('sms_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute()
    await tx
      .insertInto('sms_codes')
      .values({
        user_id: userId,
        purpose,
        phone,
        code_hash: hashCode(userId, purpose, code),
        expires_at: new Date(Date.now() + CODE_LIFETIME_MS),
      })
      .execute()
  })
  return code
}

/**
 * Uses up the user's current code when `code` matches it, then runs `redeemed` in the same
 * transaction (what the code allows is written with it, or not at all); counts a wrong try
 * against the code.
 */
export async function redeemSmsCode(
  db: Db,
  userId: number,
  purpose: 'auth' | 'reset',
  code: string,
  redeemed: (tx: Db, phone: string) => Promise<void> = () => Promise.resolve(),
): Promise<{ phone: string } | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'phone', 'attempts'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.attempts >= CODE_ATTEMPTS) return null
    if (row.code_hash !== hashCode(userId, purpose, code)) {
      await tx
        .updateTable('sms_codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute()
      return null
    }
    await tx
      .updateTable('sms_codes')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    await redeemed(tx, row.phone)
    return { phone: row.phone }
  })
}
