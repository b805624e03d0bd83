import { createFileRoute } from '@tanstack/react-router'
import { RoomPage } from '../../views/room/RoomPage.tsx'

/** SPEC §1 lite room: the same visit in the light layout, for slow phones and small windows. */
export const Route = createFileRoute('/lite/$roomUrlKey')({
  loader: ({ context }) => context.room(),
  staticData: { layout: 'lite' },
  component: LiteRoom,
})

function LiteRoom() {
  const machines = Route.useLoaderData()
  const { roomUrlKey } = Route.useParams()
  return (
    <RoomPage
      key={roomUrlKey}
      logic={machines.room}
      ownerLogic={machines.owner}
      sideLogic={machines}
      roomUrlKey={roomUrlKey}
      variant="lite"
    />
  )
}
