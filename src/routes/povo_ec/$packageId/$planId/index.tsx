import { createFileRoute, notFound } from '@tanstack/react-router'
import { PlanPage } from '../../../../views/shop/PlanPage.tsx'

const ID = /^[1-9]\d{0,8}$/

/** SPEC.md §2: /povo_ec/{package_id}/{plan_id}, one plan. */
export const Route = createFileRoute('/povo_ec/$packageId/$planId/')({
  beforeLoad: ({ params }) => {
    // TanStack Router signals a missing page by throwing notFound().
    if (!ID.test(params.packageId) || !ID.test(params.planId)) throw notFound()
  },
  component: Plan,
})

function Plan() {
  const { packageId, planId } = Route.useParams()
  return <PlanPage packageId={Number(packageId)} planId={Number(planId)} />
}
