import { createFileRoute, notFound } from '@tanstack/react-router'
import { useApp } from '../../views/app-context.tsx'
import { MemoryPage } from '../../views/ranking/MemoryPage.tsx'
import { NotFoundPage } from '../../views/pages/NotFoundPage.tsx'

/** SPEC.md §2: /room_memory/{year} (public): a room's year; `?room=` names it, else one's own. */
export const Route = createFileRoute('/room_memory/$year')({
  // The years the API answers for (src/contract/memory.ts); any other is the 404 page.
  params: {
    parse: ({ year }: { year: string }): { year: number } => {
      // TanStack Router shows the not-found page for a notFound() thrown here.
      if (!/^20\d\d$/.test(year)) throw notFound()
      return { year: Number(year) }
    },
    stringify: ({ year }: { year: number }) => ({ year: String(year) }),
  },
  validateSearch: (search: Record<string, unknown>): { room?: string | undefined } => ({
    room: typeof search.room === 'string' ? search.room : undefined,
  }),
  loader: ({ context }) => context.event(),
  component: RoomMemory,
})

function RoomMemory() {
  const machines = Route.useLoaderData()
  const { year } = Route.useParams()
  const { room } = Route.useSearch()
  const { nowMs } = Route.useRouteContext()
  // Without a named room the page is the caller's own: a login or logout changes it.
  const userId = useApp((s) => (s.context.user?.is_login ? s.context.user.user_id : 0))
  // Room keys as rooms have them.
  if (room !== undefined && !/^[\w-]{1,64}$/.test(room)) {
    return <NotFoundPage path={`/room_memory/${year}`} />
  }
  return (
    <MemoryPage
      key={`${year}:${room ?? userId}`}
      logic={machines.memory}
      year={year}
      roomUrlKey={room ?? null}
      nowMs={nowMs()}
    />
  )
}
