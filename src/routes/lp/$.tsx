import { createFileRoute } from '@tanstack/react-router'
import { selectLocale, useApp } from '../../views/app-context.tsx'
import { CampaignPage } from '../../views/campaign/CampaignPage.tsx'

/**
 * SPEC.md §2: every `/lp/*` campaign page (issue #22): one renderer, the campaign's record at the
 * path after `/lp/` chooses the layout. `/lp/toranomaki/…` keeps its own, more specific route.
 */
export const Route = createFileRoute('/lp/$')({
  staticData: { layout: 'lp' },
  loader: ({ context }) => context.campaign(),
  component: Campaign,
})

function Campaign() {
  const machines = Route.useLoaderData()
  const { _splat: path = '' } = Route.useParams()
  const { nowMs } = Route.useRouteContext()
  // The server answers the campaign's text in the visitor's language: another one loads it again.
  const locale = useApp(selectLocale)
  return (
    <CampaignPage key={`${path}:${locale}`} logic={machines.campaign} path={path} nowMs={nowMs()} />
  )
}
