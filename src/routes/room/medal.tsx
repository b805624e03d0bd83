import { createFileRoute } from '@tanstack/react-router'
import { useApp } from '../../views/app-context.tsx'
import { MedalPage } from '../../views/ranking/MedalPage.tsx'
import { requireAccess } from '../-guards.ts'

/** SPEC.md §2: /room/medal (auth), the medals of the caller's own room. */
export const Route = createFileRoute('/room/medal')({
  beforeLoad: requireAccess('auth'),
  loader: ({ context }) => context.event(),
  component: RoomMedal,
})

function RoomMedal() {
  const machines = Route.useLoaderData()
  const roomUrlKey = useApp((s) => s.context.user?.own_room_url_key ?? '')
  return <MedalPage key={roomUrlKey} logic={machines.medal} owner="room" roomUrlKey={roomUrlKey} />
}
