import { createFileRoute } from '@tanstack/react-router'
import { VirtualPage } from '../../views/virtual/VirtualPage.tsx'

/** SPEC.md §2: /virtual_liver/events (public), the events for virtual livers (issue #22). */
export const Route = createFileRoute('/virtual_liver/events')({
  staticData: { layout: 'virtual' },
  loader: ({ context }) => context.campaign(),
  component: VirtualEvents,
})

function VirtualEvents() {
  return <VirtualPage logic={Route.useLoaderData().virtual} view="events" />
}
