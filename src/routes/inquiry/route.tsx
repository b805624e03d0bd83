import { Outlet, createFileRoute } from '@tanstack/react-router'
import { usePageActor } from '../../views/app-context.tsx'
import { InquiryContext } from '../../views/inquiry/inquiry-context.tsx'

/**
 * SPEC.md §2: /inquiry, /inquiry/post and /inquiry/confirm, open to anyone. One inquiry actor
 * serves the three steps; the draft is kept in the tab, so a reload of any step finds it.
 */
export const Route = createFileRoute('/inquiry')({
  loader: ({ context }) => context.account(),
  component: Inquiry,
})

function Inquiry() {
  const actor = usePageActor(Route.useLoaderData().inquiry)
  return (
    <InquiryContext.Provider value={actor}>
      <Outlet />
    </InquiryContext.Provider>
  )
}
