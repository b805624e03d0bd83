import { Hono } from 'hono'
import { TermsAgreementBody, type TermsAgreementAnswer } from '../../src/contract/terms.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { requireOrganizer } from '../services/events/organizer.ts'
import { agreeToTerms } from '../services/terms/agreement.ts'
import { input } from '../validate.ts'

/**
 * New terms (issue #21; SPEC.md §2's two agree_new_terms pages): a user's agreement, and an
 * organizer's from the organizer's page. Both record the version in force and the time.
 */
export function termsRoutes() {
  const api = new Hono<AppEnv>()
  for (const holder of ['user', 'organizer'] as const) {
    api.post(`/${holder}/agree_new_terms`, async (c) => {
      const userId = await requireUserId(c)
      if (holder === 'organizer') await requireOrganizer(c.var.db, userId)
      const body = await input(c, TermsAgreementBody)
      const answer = await agreeToTerms(c.var.db, {
        userId,
        version: body.terms_version,
        termsVersion: c.var.config.termsVersion,
      })
      return c.json(answer satisfies TermsAgreementAnswer)
    })
  }
  return api
}
