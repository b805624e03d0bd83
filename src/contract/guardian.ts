import * as v from 'valibot'
import { FormField } from './common.ts'

/*
 * Legal-representative consent (issue #28 point 4; a Kirari call). A logged-in user under 13 and
 * their parent or guardian record the guardian's agreement once; the rules are
 * src/domain/guardian-consent.ts's, refused field by field (400 INVALID_FIELDS, `field_errors`,
 * nothing stored). Anyone else is refused (403 NOT_UNDER_13). Agreeing again changes nothing.
 */

/** `POST /api/user/legal_representative_agreement` (JSON or form). */
export const GuardianConsentBody = v.object({
  guardian_name: FormField,
  relationship: FormField,
  /** true (or "1"/"true" from a form): the guardian agrees. */
  agreed: FormField,
})
export type GuardianConsentBody = v.InferInput<typeof GuardianConsentBody>

/** The consent as /mypage and the consent page show it. */
export interface GuardianConsent {
  guardian_name: string
  /** 'parent' | 'guardian' | 'other' (GUARDIAN_RELATIONSHIPS). */
  relationship: string
  /** Unix seconds. */
  agreed_at: number
}

/** `GET` and the POST's answer: whether consent is needed, and the one given (or null). */
export interface GuardianConsentAnswer {
  /** The account is under 13 (by its birthday, in Tokyo today). */
  is_under_13: boolean
  is_legal_representative_agreed: boolean
  consent: GuardianConsent | null
}
