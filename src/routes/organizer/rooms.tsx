import { createFileRoute } from '@tanstack/react-router'
import { OrganizerRoomsPage } from '../../views/navigator/OrganizerRoomsPage.tsx'
import { requireAccess } from '../-guards.ts'

/** An organizer's rooms (auth-organizer, issue #23): links, who is on air, recent lives. */
export const Route = createFileRoute('/organizer/rooms')({
  beforeLoad: requireAccess('auth-organizer'),
  loader: ({ context }) => context.event(),
  component: OrganizerRooms,
})

function OrganizerRooms() {
  return <OrganizerRoomsPage logic={Route.useLoaderData().organizerRooms} />
}
