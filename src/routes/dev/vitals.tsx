import { createFileRoute, notFound, useRouter } from '@tanstack/react-router'
import type { VitalsAnswer } from '../../contract/vitals.ts'
import { VitalsPage } from '../../views/dev/VitalsPage.tsx'

/**
 * Developer page: the app's vitals over the last hour (issue #26). The server answers 404 in production, and so
 * does this.
 */
export const Route = createFileRoute('/dev/vitals')({
  loader: async ({ context }) => {
    if (!context.app.getSnapshot().context.settings.dev_pages) throw notFound()
    return context.api.get<VitalsAnswer>('/dev/api/vitals')
  },
  component: Vitals,
})

function Vitals() {
  const { since, vitals } = Route.useLoaderData()
  const router = useRouter()
  return <VitalsPage since={since} vitals={vitals} onRefresh={() => void router.invalidate()} />
}
