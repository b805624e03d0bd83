import { createFileRoute } from '@tanstack/react-router'
import { AdWatchPage } from '../../../../../views/lottery/AdWatchPage.tsx'

/** SPEC.md §2: /lottery/ad_reward/{watch_id}/watch, the ad itself (the segment is the watch id). */
export const Route = createFileRoute('/_user/lottery/ad_reward/$id/watch')({
  loader: ({ context }) => context.lottery(),
  component: AdWatch,
})

function AdWatch() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <AdWatchPage key={id} logic={machines.adWatch} watchId={id} />
}
