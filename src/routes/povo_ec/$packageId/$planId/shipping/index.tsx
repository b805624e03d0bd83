import { createFileRoute, notFound } from '@tanstack/react-router'
import { ShippingPage } from '../../../../../views/shop/ShippingPage.tsx'
import { requireAccess } from '../../../../-guards.ts'

const ID = /^[1-9]\d{0,8}$/

/** SPEC.md §2: …/shipping, where the plan is sent (login required). */
export const Route = createFileRoute('/povo_ec/$packageId/$planId/shipping/')({
  beforeLoad: (options) => {
    // TanStack Router signals a missing page by throwing notFound().
    if (!ID.test(options.params.packageId) || !ID.test(options.params.planId)) throw notFound()
    requireAccess('auth-user')(options)
  },
  component: Shipping,
})

function Shipping() {
  const { packageId, planId } = Route.useParams()
  return <ShippingPage packageId={Number(packageId)} planId={Number(planId)} />
}
