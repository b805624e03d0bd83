import { createFileRoute } from '@tanstack/react-router'
import { NavigatorPermissionsPage } from '../../../../views/navigator/NavigatorPermissionsPage.tsx'
import { requireAccess } from '../../../-guards.ts'
import { idParams } from '../../../-params.ts'

/** SPEC.md §2: a linked room's navigators and their rights (auth-organizer, issue #23). */
export const Route = createFileRoute('/organizer/room/$roomId/navigator-permissions')({
  params: idParams('roomId'),
  beforeLoad: requireAccess('auth-organizer'),
  loader: ({ context }) => context.event(),
  component: NavigatorPermissions,
})

function NavigatorPermissions() {
  const { roomId } = Route.useParams()
  return (
    <NavigatorPermissionsPage
      key={roomId}
      logic={Route.useLoaderData().navigatorPermissions}
      roomId={roomId}
    />
  )
}
