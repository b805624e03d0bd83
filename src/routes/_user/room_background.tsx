import { createFileRoute } from '@tanstack/react-router'
import { RoomBackgroundPage } from '../../views/room-background/RoomBackgroundPage.tsx'

/** Issue #21: /room_background (auth-user), a room owner's backgrounds; others are told why not. */
export const Route = createFileRoute('/_user/room_background')({
  loader: ({ context }) => context.account(),
  component: RoomBackground,
})

function RoomBackground() {
  return <RoomBackgroundPage logic={Route.useLoaderData().roomBackground} />
}
