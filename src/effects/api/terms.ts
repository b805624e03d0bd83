import type { TermsAgreementAnswer, TermsAgreementBody } from '../../contract/terms.ts'
import type { TermsHolder } from '../../machines/terms/terms-agreement.machine.ts'
import type { ApiClient } from './client.ts'

/** `POST /api/{user|organizer}/agree_new_terms`: the agreement to the terms of `version`. */
export const agreeToNewTerms = (api: ApiClient, holder: TermsHolder, version: string) =>
  api.postJson<TermsAgreementAnswer>(`/api/${holder}/agree_new_terms`, {
    terms_version: version,
  } satisfies TermsAgreementBody)
