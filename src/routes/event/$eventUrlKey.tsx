import { createFileRoute } from '@tanstack/react-router'
import { EventPage } from '../../views/event/EventPage.tsx'
import { useApp } from '../../views/app-context.tsx'

/** SPEC.md §2: /event/{event_url_key}, an event with its live ranking. */
export const Route = createFileRoute('/event/$eventUrlKey')({
  loader: ({ context }) => context.event(),
  component: Event,
})

function Event() {
  const machines = Route.useLoaderData()
  const { eventUrlKey } = Route.useParams()
  const { nowMs } = Route.useRouteContext()
  // A login or logout changes what the caller may do here: the page starts again.
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  return (
    <EventPage
      key={`${eventUrlKey}:${loggedIn}`}
      logic={machines.event}
      eventRef={eventUrlKey}
      nowMs={nowMs()}
    />
  )
}
