import { createFileRoute } from '@tanstack/react-router'
import { VirtualPage } from '../../views/virtual/VirtualPage.tsx'

/** SPEC.md §2: /virtual_liver (public), the virtual livers on air, new and popular (issue #22). */
export const Route = createFileRoute('/virtual_liver/')({
  staticData: { layout: 'virtual' },
  loader: ({ context }) => context.campaign(),
  component: VirtualLiver,
})

function VirtualLiver() {
  return <VirtualPage logic={Route.useLoaderData().virtual} view="rooms" />
}
