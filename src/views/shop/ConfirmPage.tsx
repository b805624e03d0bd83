import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { isSettled } from '../../domain/shop.ts'
import { checkoutPath } from '../../domain/shop-paths.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { AddressBlock, PlanFacts, Steps } from './parts.tsx'

/** `…/shipping/confirm`: the order as it will be placed; paying sends the visitor to the provider. */
export function ConfirmPage({ packageId, planId }: { packageId: number; planId: number }) {
  const { t } = useT()
  const actor = useCheckoutVisit({ step: 'confirm', packageId, planId })
  const { plan, saved, order, paying } = useSelector(
    actor,
    (s) => ({
      plan: s.context.plan,
      saved: s.context.saved,
      order: s.context.order,
      paying: s.matches({ confirm: 'reserving' }),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('shop.confirmTitle'))
  const needsAddress = plan?.requires_shipping === true && saved === null
  return (
    <CheckoutGate step="confirm">
      {plan && (
        <section className="shop" aria-labelledby="confirm-title">
          <Steps current="confirm" />
          <h1 id="confirm-title">{t('shop.confirmTitle')}</h1>
          {order && !isSettled(order.status) && (
            <p className="notice" role="status">
              {t('shop.openOrder')}
            </p>
          )}
          {order?.status === 'paid' && (
            <p className="notice" role="status">
              {t('shop.alreadyPaid')}{' '}
              <Link to="/povo_ec/payment/success" search={{ order_id: order.order_id }}>
                {t('shop.seeResult')}
              </Link>
            </p>
          )}
          <h2>{plan.name}</h2>
          <PlanFacts plan={plan} />
          {plan.requires_shipping && (
            <>
              <h2>{t('shop.shipTo')}</h2>
              {saved ? (
                <AddressBlock address={saved} />
              ) : (
                <p role="alert">
                  {t('shop.noAddress')}{' '}
                  <Link to={checkoutPath('shipping', { packageId, planId }) as '/'}>
                    {t('shop.enterAddress')}
                  </Link>
                </p>
              )}
            </>
          )}
          <p className="shop__note">{t('shop.payNote')}</p>
          <div className="shop__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={paying}
              onClick={() => actor.send({ type: 'checkout.back' })}
            >
              {t('shop.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={paying || needsAddress}
              onClick={() => actor.send({ type: 'checkout.pay' })}
            >
              {paying ? t('shop.reserving') : t('shop.pay')}
            </button>
          </div>
        </section>
      )}
    </CheckoutGate>
  )
}
