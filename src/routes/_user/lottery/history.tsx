import { createFileRoute } from '@tanstack/react-router'
import { DrawHistoryPage } from '../../../views/lottery/DrawHistoryPage.tsx'
import { searchPage } from '../../-params.ts'

/** The user's draws, a page at a time (`?page=N`, from 1). */
export const Route = createFileRoute('/_user/lottery/history')({
  // Without a page (or with one that is not a page number) the list starts at its first page.
  validateSearch: (search: Record<string, unknown>): { page: number } => ({
    page: searchPage(search.page, 99_999) ?? 1,
  }),
  loaderDeps: ({ search }) => ({ page: search.page }),
  // The lotteries' API loads with their first page, not with the site.
  loader: async ({ context, deps }) =>
    (await import('../../../effects/api/gacha.ts')).getDrawHistory(context.api, deps.page),
  component: History,
})

function History() {
  return <DrawHistoryPage history={Route.useLoaderData()} />
}
