import { createFileRoute } from '@tanstack/react-router'
import { useApp } from '../../views/app-context.tsx'
import { GradePage } from '../../views/ranking/GradePage.tsx'
import { requireAccess } from '../-guards.ts'

/** SPEC.md §2: /room/show_grade (auth), the owner's room grade for the week. */
export const Route = createFileRoute('/room/show_grade')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.event(),
  component: ShowGrade,
})

function ShowGrade() {
  const machines = Route.useLoaderData()
  const { nowMs } = Route.useRouteContext()
  const roomUrlKey = useApp((s) => s.context.user?.own_room_url_key ?? '')
  return (
    <GradePage key={roomUrlKey} logic={machines.grade} roomUrlKey={roomUrlKey} nowMs={nowMs()} />
  )
}
