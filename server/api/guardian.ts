import { Hono } from 'hono'
import { GuardianConsentBody, type GuardianConsentAnswer } from '../../src/contract/guardian.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { guardianConsentOf, recordGuardianConsent } from '../services/guardian.ts'
import { input } from '../validate.ts'

/** Issue #28 point 4: a guardian's consent for a user under 13 (/legal_representative_agreement). */
export function guardianRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/user/legal_representative_agreement', async (c) => {
    const userId = await requireUserId(c)
    return c.json((await guardianConsentOf(c.var.db, userId)) satisfies GuardianConsentAnswer)
  })
  api.post('/user/legal_representative_agreement', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, GuardianConsentBody)
    const answer = await recordGuardianConsent(c.var.db, userId, body)
    return c.json(answer satisfies GuardianConsentAnswer)
  })
  return api
}
