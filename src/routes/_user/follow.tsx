import { createFileRoute } from '@tanstack/react-router'
import { FollowPage } from '../../views/follow/FollowPage.tsx'

/** SPEC.md §2: /follow needs a user login (auth-user), guarded by the _user layout. */
export const Route = createFileRoute('/_user/follow')({
  loader: ({ context }) => context.account(),
  component: Follow,
})

function Follow() {
  return <FollowPage logic={Route.useLoaderData().follow} />
}
