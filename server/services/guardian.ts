/**
 * Legal-representative consent (issue #28 point 4, SPEC.md §2/§5): a user under 13 may use paid
 * features (buy gold, draw paid gacha) only once a parent or guardian has agreed; the agreement
 * is recorded here, with who gave it and when.
 */
import type { GuardianConsentAnswer } from '../../src/contract/guardian.ts'
import {
  GUARDIAN_MESSAGES,
  guardianConsentProblems,
  isUnderConsentAge,
} from '../../src/domain/guardian-consent.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { accountUser } from './account-profile.ts'

type ConsentRow = Awaited<ReturnType<typeof accountUser>>

const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

function answerOf(user: ConsentRow, now: Date): GuardianConsentAnswer {
  const agreedAt = user.legal_representative_agreed_at
  return {
    is_under_13: isUnderConsentAge(user.birthday, now.getTime()),
    is_legal_representative_agreed: user.is_legal_representative_agreed,
    consent:
      user.is_legal_representative_agreed && agreedAt !== null
        ? {
            guardian_name: user.legal_representative_name ?? '',
            relationship: user.legal_representative_relationship ?? '',
            agreed_at: seconds(agreedAt),
          }
        : null,
  }
}

/** `GET /api/user/legal_representative_agreement`: the caller's state. */
export async function guardianConsentOf(db: Db, userId: number, now = new Date()) {
  return answerOf(await accountUser(db, userId), now)
}

/**
 * The one rule both paid features share: a user under 13 without a guardian's agreement is
 * refused (403 GUARDIAN_CONSENT_REQUIRED) before anything is charged or reserved. Runs inside the
 * caller's transaction, so it reads the row the purchase or draw goes on with.
 */
export async function refuseUnconsentedMinor(tx: Db, userId: number, now: Date): Promise<void> {
  const user = await tx
    .selectFrom('users')
    .select(['birthday', 'is_legal_representative_agreed'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user || user.is_legal_representative_agreed) return
  if (isUnderConsentAge(user.birthday, now.getTime())) {
    throw new ApiError(403, GUARDIAN_MESSAGES.paidRefused, {
      errorType: 'GUARDIAN_CONSENT_REQUIRED',
    })
  }
}

const truthy = (value: unknown) =>
  value === true || value === 'true' || value === '1' || value === 1
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * `POST /api/user/legal_representative_agreement`: the guardian's name, relationship and
 * agreement, checked field by field (nothing stored on a refusal), then recorded in one
 * statement. Only an account under 13 has one to give; agreeing again keeps the first.
 */
export async function recordGuardianConsent(
  db: Db,
  userId: number,
  body: { guardian_name?: unknown; relationship?: unknown; agreed?: unknown },
  now = new Date(),
): Promise<GuardianConsentAnswer> {
  const user = await accountUser(db, userId)
  if (!isUnderConsentAge(user.birthday, now.getTime())) {
    throw new ApiError(403, GUARDIAN_MESSAGES.notChild, { errorType: 'NOT_UNDER_13' })
  }
  if (user.is_legal_representative_agreed) return answerOf(user, now)
  const form = {
    guardian_name: text(body.guardian_name),
    relationship: text(body.relationship),
    agreed: truthy(body.agreed),
  }
  const problems = guardianConsentProblems(form)
  const [first] = Object.values(problems)
  if (first !== undefined) {
    throw new ApiError(400, messages.invalidFields, {
      errorType: 'INVALID_FIELDS',
      fieldErrors: problems,
    })
  }
  // `is_legal_representative_agreed = false` again: two submits at once record the first only.
  const updated = await db
    .updateTable('users')
    .set({
      is_legal_representative_agreed: true,
      legal_representative_agreed_at: now,
      legal_representative_name: form.guardian_name.trim(),
      legal_representative_relationship: form.relationship,
    })
    .where('id', '=', userId)
    .where('is_legal_representative_agreed', '=', false)
    .returningAll()
    .executeTakeFirst()
  return answerOf(updated ?? (await accountUser(db, userId)), now)
}
