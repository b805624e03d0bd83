import { createFileRoute } from '@tanstack/react-router'
import { OrganizerRegisterPage } from '../../views/organizer-application/OrganizerRegisterPage.tsx'
import { requireAccess } from '../-guards.ts'

/**
 * Issue #21: /organizer/register, the application to become an event organizer. Any signed-in
 * user (an anonymous one is asked to log in); not under `_user`, which turns organizers away, so
 * an organizer arriving here is told they are one, with the way to their events.
 */
export const Route = createFileRoute('/organizer/register')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.account(),
  component: OrganizerRegister,
})

function OrganizerRegister() {
  return <OrganizerRegisterPage logic={Route.useLoaderData().organizerApplication} />
}
