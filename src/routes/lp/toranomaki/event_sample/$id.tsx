import { createFileRoute } from '@tanstack/react-router'
import { EventPage } from '../../../../views/event/EventPage.tsx'
import { requireAccess } from '../../../-guards.ts'
import { idParams } from '../../../-params.ts'

/**
 * SPEC.md §2: /lp/toranomaki/event_sample/{id} (auth-organizer) — an event's page as entrants will
 * see it, marked as the organizer's preview.
 */
export const Route = createFileRoute('/lp/toranomaki/event_sample/$id')({
  params: idParams('id'),
  beforeLoad: requireAccess('auth-organizer'),
  loader: ({ context }) => context.event(),
  component: EventSample,
})

function EventSample() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  const { nowMs } = Route.useRouteContext()
  return <EventPage key={id} logic={machines.event} eventRef={id} nowMs={nowMs()} sample />
}
