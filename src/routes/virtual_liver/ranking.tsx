import { createFileRoute } from '@tanstack/react-router'
import type { VirtualRankingPeriod } from '../../contract/virtual.ts'
import { VirtualPage } from '../../views/virtual/VirtualPage.tsx'

/** The search of /virtual_liver/ranking: the period (daily when absent). */
export interface VirtualRankingSearch {
  period?: VirtualRankingPeriod | undefined
}

/** SPEC.md §2: /virtual_liver/ranking (public), the virtual rooms by points (issue #22). */
export const Route = createFileRoute('/virtual_liver/ranking')({
  staticData: { layout: 'virtual' },
  validateSearch: (search: Record<string, unknown>): VirtualRankingSearch => {
    const period = search.period
    return { period: period === 'weekly' || period === 'monthly' ? period : undefined }
  },
  loader: ({ context }) => context.campaign(),
  component: VirtualRanking,
})

function VirtualRanking() {
  const { period } = Route.useSearch()
  return (
    <VirtualPage logic={Route.useLoaderData().virtual} view="ranking" period={period ?? 'daily'} />
  )
}
