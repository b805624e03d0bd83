import { createFileRoute } from '@tanstack/react-router'
import { PackagePage } from '../../../views/shop/PackagePage.tsx'
import { idParams } from '../../-params.ts'

/** SPEC.md §2: /povo_ec/{package_id}, a package's plans. */
export const Route = createFileRoute('/povo_ec/$packageId/')({
  params: idParams('packageId'),
  component: Page,
})

function Page() {
  const { packageId } = Route.useParams()
  return <PackagePage packageId={packageId} />
}
