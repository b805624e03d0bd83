import { createFileRoute, notFound } from '@tanstack/react-router'
import { WATCH_ID_PATTERN } from '../../../../../domain/gacha.ts'
import { AdWatchPage } from '../../../../../views/lottery/AdWatchPage.tsx'

/** SPEC.md §2: /lottery/ad_reward/{watch_id}/watch, the ad itself (the segment is the watch id). */
export const Route = createFileRoute('/_user/lottery/ad_reward/$id/watch')({
  // A segment that is no watch id the server could have made is the 404 page, not a request
  // (the contract's WatchId rule; its pattern alone, so the route table carries no valibot).
  params: {
    parse: ({ id }: { id: string }): { id: string } => {
      // TanStack Router shows the not-found page for a notFound() thrown here.
      if (!WATCH_ID_PATTERN.test(id)) throw notFound()
      return { id }
    },
  },
  loader: ({ context }) => context.lottery(),
  component: AdWatch,
})

function AdWatch() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <AdWatchPage key={id} logic={machines.adWatch} watchId={id} />
}
