import { createFileRoute } from '@tanstack/react-router'
import { DrawHistoryPage } from '../../../views/lottery/DrawHistoryPage.tsx'

/** The user's draws, a page at a time (`?page=N`, from 1). */
export const Route = createFileRoute('/_user/lottery/history')({
  validateSearch: (search: Record<string, unknown>): { page: number } => {
    const page = Number(search.page)
    return { page: Number.isInteger(page) && page >= 1 && page < 100_000 ? page : 1 }
  },
  loaderDeps: ({ search }) => ({ page: search.page }),
  // The lotteries' API loads with their first page, not with the site.
  loader: async ({ context, deps }) =>
    (await import('../../../effects/api/gacha.ts')).getDrawHistory(context.api, deps.page),
  component: History,
})

function History() {
  return <DrawHistoryPage history={Route.useLoaderData()} />
}
