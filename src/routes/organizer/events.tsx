import { createFileRoute } from '@tanstack/react-router'
import { OrganizerEventsPage } from '../../views/organizer/OrganizerEventsPage.tsx'
import { requireAccess } from '../-guards.ts'

/** An organizer's events (auth-organizer): create, edit, decide entries, preview. */
export const Route = createFileRoute('/organizer/events')({
  beforeLoad: requireAccess('auth-organizer'),
  loader: ({ context }) => context.event(),
  component: OrganizerEvents,
})

function OrganizerEvents() {
  const machines = Route.useLoaderData()
  const { nowMs } = Route.useRouteContext()
  return <OrganizerEventsPage logic={machines.organizer} nowMs={nowMs()} />
}
