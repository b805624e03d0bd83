import { createFileRoute } from '@tanstack/react-router'
import { orderSearch } from '../../../../domain/order-search.ts'
import { PaymentResultPage } from '../../../../views/shop/PaymentResultPage.tsx'

/** SPEC.md §2: /povo_ec/payment/success; what shows comes from the server's order, not the URL. */
export const Route = createFileRoute('/povo_ec/_user/payment/success')({
  validateSearch: orderSearch,
  component: Result,
})

function Result() {
  const { order_id } = Route.useSearch()
  return <PaymentResultPage outcome="success" orderId={order_id} />
}
