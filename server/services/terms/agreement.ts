import type { TermsAgreementAnswer } from '../../../src/contract/terms.ts'
import type { Db } from '../../db/index.ts'
import { ApiError } from '../../errors.ts'

export const termsMessages = {
  stale: '利用規約が更新されています。ページを読み込み直して、新しい規約をご確認ください。',
} as const

/**
 * Records that `userId` agreed to the terms of `version`, the ones in force; agreeing again is
 * harmless (the first time is kept). Another version — a page shown before the terms changed —
 * is refused with 409 and nothing is stored.
 */
export async function agreeToTerms(
  db: Db,
  params: { userId: number; version: string; termsVersion: string },
): Promise<TermsAgreementAnswer> {
  if (params.version !== params.termsVersion) {
    throw new ApiError(409, termsMessages.stale, { errorType: 'TERMS_CHANGED' })
  }
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      agreed_terms_version: params.version,
      // Agreeing twice (a double tap, a retry) keeps the time of the first agreement.
      agreed_terms_at: eb
        .case()
        .when('agreed_terms_version', '=', params.version)
        .then(eb.ref('agreed_terms_at'))
        .else(new Date())
        .end(),
    }))
    .where('id', '=', params.userId)
    .returning(['agreed_terms_version', 'agreed_terms_at'])
    .executeTakeFirstOrThrow()
  return {
    agreed_terms_version: row.agreed_terms_version ?? params.version,
    agreed_at: Math.floor((row.agreed_terms_at ?? new Date()).getTime() / 1000),
  }
}
