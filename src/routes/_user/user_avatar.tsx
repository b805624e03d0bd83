import { createFileRoute } from '@tanstack/react-router'
import { UserAvatarPage } from '../../views/avatar/UserAvatarPage.tsx'

/** SPEC.md §2: /user_avatar needs a user login (auth-user), guarded by the _user layout. */
export const Route = createFileRoute('/_user/user_avatar')({
  loader: ({ context }) => context.account(),
  component: UserAvatar,
})

function UserAvatar() {
  return <UserAvatarPage logic={Route.useLoaderData().avatar} />
}
