import { createFileRoute } from '@tanstack/react-router'
import { BroadcastPage } from '../../views/broadcast/BroadcastPage.tsx'

/**
 * /r/{room_url_key}/broadcast (issue #51): the owner goes live from the phone's browser. An
 * address to keep on the home screen; the page itself tells anyone else it is the owner's.
 */
export const Route = createFileRoute('/r/$roomUrlKey_/broadcast')({
  loader: ({ context }) =>
    import('../../compose/broadcast.ts').then((m) => m.broadcastMachines(context)),
  staticData: { layout: 'lite' },
  component: Broadcast,
})

function Broadcast() {
  const { roomUrlKey } = Route.useParams()
  return (
    <BroadcastPage
      key={roomUrlKey}
      logic={Route.useLoaderData().broadcast}
      roomUrlKey={roomUrlKey}
    />
  )
}
