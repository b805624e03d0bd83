import { createFileRoute, notFound } from '@tanstack/react-router'
import { MACHINES } from '../../machines/registry.ts'
import { FlowsPage } from '../../views/flows/FlowsPage.tsx'

// The room's visit is registered twice (on air, off air: one chart), so ids are listed once.
const machineIds = [...new Set(MACHINES.map((m) => m.machine.id))]

/**
 * The flow visualizer: in development builds and the `npm start` demo; in a production
 * deployment only with KIRARI_FLOWS=1 (service_settings.flows).
 */
export const Route = createFileRoute('/dev/flows')({
  loader: ({ context }) => context.lottery(),
  validateSearch: (search: Record<string, unknown>): { machine?: string } =>
    typeof search.machine === 'string' ? { machine: search.machine } : {},
  beforeLoad: ({ context }) => {
    // TanStack Router signals a missing page by throwing notFound().
    if (!context.app.getSnapshot().context.settings.flows) throw notFound()
  },
  component: Flows,
})

function Flows() {
  const machines = Route.useLoaderData()
  const { machine } = Route.useSearch()
  return (
    <FlowsPage
      logic={machines.flows}
      machineIds={machineIds}
      {...(machine ? { initial: machine } : {})}
    />
  )
}
