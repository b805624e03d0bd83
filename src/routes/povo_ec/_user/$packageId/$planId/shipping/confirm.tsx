import { createFileRoute } from '@tanstack/react-router'
import { ConfirmPage } from '../../../../../../views/shop/ConfirmPage.tsx'
import { idParams } from '../../../../../-params.ts'

/** SPEC.md §2: …/shipping/confirm, the order to confirm and pay (login required). */
export const Route = createFileRoute('/povo_ec/_user/$packageId/$planId/shipping/confirm')({
  params: idParams('packageId', 'planId'),
  component: Page,
})

function Page() {
  const { packageId, planId } = Route.useParams()
  return <ConfirmPage packageId={packageId} planId={planId} />
}
