import { createFileRoute, notFound } from '@tanstack/react-router'
import { PackagePage } from '../../../views/shop/PackagePage.tsx'

const ID = /^[1-9]\d{0,8}$/

/** SPEC.md §2: /povo_ec/{package_id}, a package's plans. */
export const Route = createFileRoute('/povo_ec/$packageId/')({
  beforeLoad: ({ params }) => {
    // TanStack Router signals a missing page by throwing notFound().
    if (!ID.test(params.packageId)) throw notFound()
  },
  component: Package,
})

function Package() {
  const { packageId } = Route.useParams()
  return <PackagePage packageId={Number(packageId)} />
}
