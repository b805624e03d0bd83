import { createFileRoute } from '@tanstack/react-router'
import { TimeLimitedPackPage } from '../../../views/shop/TimeLimitedPackPage.tsx'

/** SPEC.md §2: /payment/time_limited_pack, a coin pack offered for a limited time. */
export const Route = createFileRoute('/_user/payment/time_limited_pack')({
  loader: ({ context }) => context.shop(),
  component: Pack,
})

function Pack() {
  return <TimeLimitedPackPage logic={Route.useLoaderData().timeLimitedPack} />
}
