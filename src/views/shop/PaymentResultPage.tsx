import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { orderHomePath } from '../../domain/shop-paths.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { OrderFacts, Steps } from './parts.tsx'

/**
 * `/povo_ec/payment/{success,cancel,error}`: the outcome of a payment as the server confirms it
 * with the provider. The address only says where the provider sent the visitor; a success
 * address for an unpaid order says the payment is not confirmed.
 */
export function PaymentResultPage({
  outcome,
  orderId,
}: {
  outcome: 'success' | 'cancel' | 'error'
  orderId: string
}) {
  const { t } = useT()
  const actor = useCheckoutVisit({ step: 'result', orderId })
  const order = useSelector(actor, (s) => s.context.order)
  const status = order?.order_id === orderId ? order.status : null
  useDocumentTitle(t(`shop.result.${status ?? outcome}.title`))
  return (
    <CheckoutGate step="result">
      {order && status && (
        <section className="shop" aria-labelledby="result-title" data-status={status}>
          <Steps current="result" />
          <h1 id="result-title">{t(`shop.result.${status}.title`)}</h1>
          <p role="status">{t(`shop.result.${status}.text`)}</p>
          <OrderFacts order={order} />
          <div className="shop__actions">
            {(status === 'awaiting_payment' || status === 'reserved') && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => actor.send({ type: 'checkout.retry' })}
              >
                {t('shop.checkAgain')}
              </button>
            )}
            <Link to={orderHomePath(order) as '/'} className="button button--ghost">
              {status === 'paid' ? t('shop.continueShopping') : t('shop.tryAgain')}
            </Link>
            {status === 'paid' && order.gold > 0 && (
              <Link to="/mypage" className="button button--ghost">
                {t('shop.seeGold')}
              </Link>
            )}
          </div>
        </section>
      )}
    </CheckoutGate>
  )
}
