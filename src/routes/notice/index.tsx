import { createFileRoute } from '@tanstack/react-router'
import { NoticesPage } from '../../views/notice/NoticesPage.tsx'

/** SPEC.md §2: /notice, the user's notices (guarded by src/routes/notice/route.tsx). */
export const Route = createFileRoute('/notice/')({
  loader: ({ context }) => context.account(),
  component: Notices,
})

function Notices() {
  return <NoticesPage logic={Route.useLoaderData().notices} />
}
