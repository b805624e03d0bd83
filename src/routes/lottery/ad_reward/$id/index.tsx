import { createFileRoute, notFound } from '@tanstack/react-router'
import { GachaPage } from '../../../../views/lottery/GachaPage.tsx'

/** SPEC.md §2: /lottery/ad_reward/{id}, the ad-reward gacha (drawn by watching an ad). */
export const Route = createFileRoute('/lottery/ad_reward/$id/')({
  loader: ({ context }) => context.lottery(),
  beforeLoad: ({ params }) => {
    // TanStack Router signals a missing page by throwing notFound().

    if (!/^[1-9]\d{0,8}$/.test(params.id)) throw notFound()
  },
  component: AdRewardGacha,
})

function AdRewardGacha() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <GachaPage key={id} logic={machines.gacha} gachaId={Number(id)} />
}
