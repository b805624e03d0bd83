import { Outlet, createFileRoute } from '@tanstack/react-router'
import { usePageActor } from '../../views/app-context.tsx'
import { CheckoutContext } from '../../views/shop/checkout-context.tsx'

/** SPEC.md §2: the povo shop. One checkout actor serves every page under /povo_ec. */
export const Route = createFileRoute('/povo_ec')({
  loader: ({ context }) => context.shop(),
  component: PovoShop,
})

function PovoShop() {
  const machines = Route.useLoaderData()
  const actor = usePageActor(machines.checkout)
  return (
    <CheckoutContext.Provider value={actor}>
      <Outlet />
    </CheckoutContext.Provider>
  )
}
