import { createFileRoute } from '@tanstack/react-router'
import { RoomPage } from '../../views/room/RoomPage.tsx'

export const Route = createFileRoute('/r/$roomUrlKey')({
  loader: ({ context }) => context.room(),
  staticData: { layout: 'room' },
  component: Room,
})

function Room() {
  const machines = Route.useLoaderData()
  const { roomUrlKey } = Route.useParams()
  // A new room is a new visit: a fresh room actor.
  return (
    <RoomPage
      key={roomUrlKey}
      logic={machines.room}
      ownerLogic={machines.owner}
      sideLogic={machines}
      roomUrlKey={roomUrlKey}
    />
  )
}
