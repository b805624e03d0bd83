import { createFileRoute, notFound } from '@tanstack/react-router'
import { GachaPage } from '../../views/lottery/GachaPage.tsx'

/** SPEC.md §2: /lottery/{id}, one gacha with its odds. */
export const Route = createFileRoute('/lottery/$id')({
  loader: ({ context }) => context.lottery(),
  beforeLoad: ({ params }) => {
    // TanStack Router signals a missing page by throwing notFound().

    if (!/^[1-9]\d{0,8}$/.test(params.id)) throw notFound()
  },
  component: Gacha,
})

function Gacha() {
  const machines = Route.useLoaderData()
  const { id } = Route.useParams()
  return <GachaPage key={id} logic={machines.gacha} gachaId={Number(id)} />
}
