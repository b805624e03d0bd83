import { createFileRoute } from '@tanstack/react-router'
import { getGachas } from '../../effects/api/gacha.ts'
import { LotteryListPage } from '../../views/lottery/LotteryListPage.tsx'

/** SPEC.md §2: /lottery/list, the gachas open now. */
export const Route = createFileRoute('/lottery/list')({
  loader: ({ context }) => getGachas(context.api),
  component: LotteryList,
})

function LotteryList() {
  return <LotteryListPage gachas={Route.useLoaderData()} />
}
