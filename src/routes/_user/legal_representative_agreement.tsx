import { createFileRoute } from '@tanstack/react-router'
import { GuardianConsentPage } from '../../views/guardian/GuardianConsentPage.tsx'

/**
 * Issue #28 point 4 (SPEC.md §2/§5): where the age gate sends a user under 13 without a legal
 * representative's agreement; a parent or guardian gives it here. A user login (auth-user).
 */
export const Route = createFileRoute('/_user/legal_representative_agreement')({
  loader: ({ context }) => context.account(),
  component: GuardianConsent,
})

function GuardianConsent() {
  return <GuardianConsentPage logic={Route.useLoaderData().guardianConsent} />
}
