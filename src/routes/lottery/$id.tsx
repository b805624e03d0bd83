import { createFileRoute } from '@tanstack/react-router'
import { GachaPage } from '../../views/lottery/GachaPage.tsx'
import { idParams } from '../-params.ts'

/** SPEC.md §2: /lottery/{id}, one gacha with its odds. */
export const Route = createFileRoute('/lottery/$id')({
  params: idParams('id'),
  loader: ({ context }) => context.lottery(),
  component: Gacha,
})

function Gacha() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <GachaPage key={id} logic={machines.gacha} gachaId={id} />
}
