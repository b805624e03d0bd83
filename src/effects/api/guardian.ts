import type { GuardianConsentAnswer, GuardianConsentBody } from '../../contract/guardian.ts'
import type { ApiClient } from './client.ts'

const PATH = '/api/user/legal_representative_agreement'

/** `GET /api/user/legal_representative_agreement`: whether consent is needed, and the one given. */
export const getGuardianConsent = (api: ApiClient) => api.get<GuardianConsentAnswer>(PATH)

/** `POST /api/user/legal_representative_agreement`: the guardian's name, relationship, agreement. */
export const postGuardianConsent = (api: ApiClient, body: GuardianConsentBody) =>
  api.postJson<GuardianConsentAnswer>(PATH, body)
