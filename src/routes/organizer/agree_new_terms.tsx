import { createFileRoute } from '@tanstack/react-router'
import { AgreeNewTermsPage } from '../../views/terms/AgreeNewTermsPage.tsx'
import { requireAccess } from '../-guards.ts'

/** SPEC.md §2: the organizer's agree_new_terms page (issue #21), for organizer accounts. */
export const Route = createFileRoute('/organizer/agree_new_terms')({
  beforeLoad: requireAccess('auth-organizer'),
  loader: ({ context }) => context.account(),
  component: AgreeNewTerms,
})

function AgreeNewTerms() {
  return <AgreeNewTermsPage logic={Route.useLoaderData().termsAgreement} holder="organizer" />
}
