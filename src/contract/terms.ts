import * as v from 'valibot'
import { Text } from './common.ts'

/*
 * New terms (issue #21): `POST /api/user/agree_new_terms` and `/api/organizer/agree_new_terms`.
 * The body names the version the page showed, so an agreement never covers terms the account did
 * not see (a version changed meanwhile is refused, and the page shows the new one).
 */
export const TermsAgreementBody = v.object({ terms_version: Text(20) })
export type TermsAgreementBody = v.InferInput<typeof TermsAgreementBody>

export interface TermsAgreementAnswer {
  agreed_terms_version: string
  /** Unix seconds of the agreement. */
  agreed_at: number
}
