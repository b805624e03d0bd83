import { createFileRoute } from '@tanstack/react-router'
import type { RankingPeriod } from '../contract/ranking.ts'
import { useApp } from '../views/app-context.tsx'
import { RankingPage } from '../views/ranking/RankingPage.tsx'
import { searchId, searchPage } from './-params.ts'

/** The search of /ranking: genre (an id; every genre when absent), period, page (from 1). */
export interface RankingSearch {
  genre?: number | undefined
  period?: RankingPeriod | undefined
  page?: number | undefined
}

/** SPEC.md §2: /ranking (public), the genre rankings by day, week and month. */
export const Route = createFileRoute('/ranking')({
  validateSearch: (search: Record<string, unknown>): RankingSearch => {
    const period = search.period
    return {
      genre: searchId(search.genre),
      period: period === 'weekly' || period === 'monthly' ? period : undefined,
      // The API's pages end at 99,999 (src/contract/ranking.ts).
      page: searchPage(search.page, 99_999),
    }
  },
  loader: ({ context }) => context.event(),
  component: Ranking,
})

function Ranking() {
  const machines = Route.useLoaderData()
  const { genre, period, page } = Route.useSearch()
  // A login or logout changes whether the caller's own place shows: the page starts again.
  const loggedIn = useApp((s) => s.context.user?.is_login === true)
  return (
    <RankingPage
      key={String(loggedIn)}
      logic={machines.ranking}
      search={{ genre: genre ?? 'all', period: period ?? 'daily', page: page ?? 1 }}
    />
  )
}
