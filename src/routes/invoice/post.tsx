import { createFileRoute } from '@tanstack/react-router'
import { InvoicePostPage } from '../../views/invoice/InvoicePostPage.tsx'

/** SPEC.md §2: /invoice/post, the registration's form (filled in with what is saved). */
export const Route = createFileRoute('/invoice/post')({
  loader: ({ context }) => context.account(),
  component: InvoicePost,
})

function InvoicePost() {
  return <InvoicePostPage logic={Route.useLoaderData().invoice} />
}
