import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import type { ErrorGroupsAnswer } from '../../contract/dev.ts'
import { ErrorsPage } from '../../views/dev/ErrorsPage.tsx'

/**
 * Developer page: the collector's error groups (issue #26). The server answers 404 in production, and so
 * does this.
 */
export const Route = createFileRoute('/dev/errors')({
  loader: async ({ context }) => {
    if (!context.app.getSnapshot().context.settings.dev_pages) throw notFound()
    return context.api.get<ErrorGroupsAnswer>('/dev/api/errors')
  },
  component: Errors,
})

function Errors() {
  const { groups } = Route.useLoaderData()
  const router = useRouter()
  return <ErrorsPage groups={groups} onRefresh={() => void router.invalidate()} />
}
