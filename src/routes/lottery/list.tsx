import { createFileRoute } from '@tanstack/react-router'
import { LotteryListPage } from '../../views/lottery/LotteryListPage.tsx'

/** SPEC.md §2: /lottery/list, the gachas open now. */
export const Route = createFileRoute('/lottery/list')({
  // The lotteries' API loads with their first page, not with the site.
  loader: async ({ context }) =>
    (await import('../../effects/api/gacha.ts')).getGachas(context.api),
  component: LotteryList,
})

function LotteryList() {
  return <LotteryListPage gachas={Route.useLoaderData()} />
}
