import { createFileRoute } from '@tanstack/react-router'
import { HcPage } from '../../views/hc/HcPage.tsx'

/** A room URL key read from the address: text, cut to a length no key reaches. */
const ROOM_PARAM_MAX = 100

/**
 * `/r/hc` (issue #22): the hall of rooms on air, full-screen (the hc layout). A static segment,
 * so it wins over `/r/$roomUrlKey`; `?room=` is the room shown.
 */
export const Route = createFileRoute('/r/hc')({
  validateSearch: (search: Record<string, unknown>): { room?: string } => {
    const room = search.room
    return typeof room === 'string' && room !== '' ? { room: room.slice(0, ROOM_PARAM_MAX) } : {}
  },
  loader: ({ context }) => context.campaign(),
  staticData: { layout: 'hc' },
  component: Hc,
})

function Hc() {
  const machines = Route.useLoaderData()
  const { room } = Route.useSearch()
  return <HcPage logic={machines.hc} roomKey={room ?? null} />
}
