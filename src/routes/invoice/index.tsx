import { createFileRoute } from '@tanstack/react-router'
import { InvoicePage } from '../../views/invoice/InvoicePage.tsx'

/** SPEC.md §2: /invoice, the account's qualified invoice issuer registration (or none yet). */
export const Route = createFileRoute('/invoice/')({
  loader: ({ context }) => context.account(),
  component: Invoice,
})

function Invoice() {
  return <InvoicePage logic={Route.useLoaderData().invoice} />
}
