import { createFileRoute } from '@tanstack/react-router'
import { PlanPage } from '../../../../views/shop/PlanPage.tsx'
import { idParams } from '../../../-params.ts'

/** SPEC.md §2: /povo_ec/{package_id}/{plan_id}, one plan. */
export const Route = createFileRoute('/povo_ec/$packageId/$planId/')({
  params: idParams('packageId', 'planId'),
  component: Page,
})

function Page() {
  const { packageId, planId } = Route.useParams()
  return <PlanPage packageId={packageId} planId={planId} />
}
