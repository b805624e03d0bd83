import { createFileRoute } from '@tanstack/react-router'
import { AgreeNewTermsPage } from '../views/terms/AgreeNewTermsPage.tsx'
import { requireAccess } from './-guards.ts'

/** SPEC.md §2: a user's agree_new_terms page (issue #21); the new terms are agreed to here. */
export const Route = createFileRoute('/agree_new_terms')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.account(),
  component: AgreeNewTerms,
})

function AgreeNewTerms() {
  return <AgreeNewTermsPage logic={Route.useLoaderData().termsAgreement} holder="user" />
}
