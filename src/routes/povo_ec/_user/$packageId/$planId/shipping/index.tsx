import { createFileRoute } from '@tanstack/react-router'
import { ShippingPage } from '../../../../../../views/shop/ShippingPage.tsx'
import { idParams } from '../../../../../-params.ts'

/** SPEC.md §2: …/shipping, where the plan is sent (login required: the `_user` layout). */
export const Route = createFileRoute('/povo_ec/_user/$packageId/$planId/shipping/')({
  params: idParams('packageId', 'planId'),
  component: Page,
})

function Page() {
  const { packageId, planId } = Route.useParams()
  return <ShippingPage packageId={packageId} planId={planId} />
}
