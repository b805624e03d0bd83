import { createFileRoute } from '@tanstack/react-router'
import { RoomNavigatorPage } from '../../../views/navigator/NavigatorPermissionsPage.tsx'
import { requireAccess } from '../../-guards.ts'

/** SPEC.md §2: /room/manage/navigator (auth): who holds which right in the owner's room. */
export const Route = createFileRoute('/room/manage/navigator')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.event(),
  component: RoomNavigator,
})

function RoomNavigator() {
  return <RoomNavigatorPage logic={Route.useLoaderData().navigatorPermissions} />
}
