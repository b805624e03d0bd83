import { createFileRoute } from '@tanstack/react-router'
import { ConfirmationPage } from '../../../views/event/ConfirmationPage.tsx'
import { useApp } from '../../../views/app-context.tsx'
import { idParams } from '../../-params.ts'

/** SPEC.md §2: /event/confirmation/{id}, the conditions and terms an owner applies with. */
export const Route = createFileRoute('/event/confirmation/$id')({
  params: idParams('id'),
  loader: ({ context }) => context.event(),
  component: Confirmation,
})

function Confirmation() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  const { nowMs } = Route.useRouteContext()
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  return (
    <ConfirmationPage
      key={`${id}:${loggedIn}`}
      logic={machines.event}
      eventId={id}
      nowMs={nowMs()}
    />
  )
}
