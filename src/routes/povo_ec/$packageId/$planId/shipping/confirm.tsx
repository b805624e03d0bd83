import { createFileRoute, notFound } from '@tanstack/react-router'
import { ConfirmPage } from '../../../../../views/shop/ConfirmPage.tsx'
import { requireAccess } from '../../../../-guards.ts'

const ID = /^[1-9]\d{0,8}$/

/** SPEC.md §2: …/shipping/confirm, the order to confirm and pay (login required). */
export const Route = createFileRoute('/povo_ec/$packageId/$planId/shipping/confirm')({
  beforeLoad: (options) => {
    // TanStack Router signals a missing page by throwing notFound().
    if (!ID.test(options.params.packageId) || !ID.test(options.params.planId)) throw notFound()
    requireAccess('auth-user')(options)
  },
  component: Confirm,
})

function Confirm() {
  const { packageId, planId } = Route.useParams()
  return <ConfirmPage packageId={Number(packageId)} planId={Number(planId)} />
}
