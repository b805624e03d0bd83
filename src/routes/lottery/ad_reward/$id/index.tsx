import { createFileRoute } from '@tanstack/react-router'
import { GachaPage } from '../../../../views/lottery/GachaPage.tsx'
import { idParams } from '../../../-params.ts'

/** SPEC.md §2: /lottery/ad_reward/{id}, the ad-reward gacha (drawn by watching an ad). */
export const Route = createFileRoute('/lottery/ad_reward/$id/')({
  params: idParams('id'),
  loader: ({ context }) => context.lottery(),
  component: AdRewardGacha,
})

function AdRewardGacha() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <GachaPage key={id} logic={machines.gacha} gachaId={id} />
}
