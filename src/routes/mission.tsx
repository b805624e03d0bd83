import { createFileRoute } from '@tanstack/react-router'
import { parseId } from '../domain/ids.ts'
import { useApp } from '../views/app-context.tsx'
import { MissionPage } from '../views/mission/MissionPage.tsx'

/** The search of /mission: the room it was opened from (its id for the API, its key for the way back). */
export interface MissionSearch {
  room_id?: number | undefined
  room?: string | undefined
}

/** SPEC.md §2's comment-mission screen: /mission (public; receiving needs a login). */
export const Route = createFileRoute('/mission')({
  validateSearch: (search: Record<string, unknown>): MissionSearch => ({
    room_id: parseId(String(search.room_id)) ?? undefined,
    // Room keys as rooms have them (src/contract/room.ts).
    room:
      typeof search.room === 'string' && /^[\w-]{1,64}$/.test(search.room)
        ? search.room
        : undefined,
  }),
  // The panel's machine comes with the room's (src/compose/room.ts): most visits come from a room.
  loader: ({ context }) => context.room(),
  component: Mission,
})

function Mission() {
  const machines = Route.useLoaderData()
  const { room_id, room } = Route.useSearch()
  // A login or logout changes the lists (progress, a liver's missions): the page starts again.
  const userId = useApp((s) => (s.context.user?.is_login ? s.context.user.user_id : 0))
  return (
    <MissionPage
      key={`${userId}:${room_id ?? ''}`}
      logic={machines.missionPage}
      roomId={room_id ?? null}
      roomUrlKey={room ?? null}
    />
  )
}
