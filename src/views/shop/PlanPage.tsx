import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { PlanFacts, Steps } from './parts.tsx'

/** `/povo_ec/{package_id}/{plan_id}`: one plan, and the way into the checkout. */
export function PlanPage({ packageId, planId }: { packageId: number; planId: number }) {
  const { t } = useT()
  const actor = useCheckoutVisit({ step: 'plan', packageId, planId })
  const { plan, pkg } = useSelector(
    actor,
    (s) => ({ plan: s.context.plan, pkg: s.context.pkg }),
    shallowEqual,
  )
  useDocumentTitle(plan?.name ?? t('shop.title'))
  return (
    <CheckoutGate step="plan">
      {plan && (
        <section className="shop" aria-labelledby="plan-title">
          <p className="shop__crumbs">
            <Link to="/povo_ec">{t('shop.title')}</Link> ›{' '}
            <Link to="/povo_ec/$packageId" params={{ packageId }}>
              {pkg?.name}
            </Link>
          </p>
          <Steps current="plan" />
          <img className="shop__hero" src={plan.image} alt="" width={640} height={200} />
          <h1 id="plan-title">{plan.name}</h1>
          <p>{plan.description}</p>
          <PlanFacts plan={plan} />
          <div className="shop__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'checkout.back' })}
            >
              {t('shop.back')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'checkout.next' })}
            >
              {t('shop.proceed')}
            </button>
          </div>
        </section>
      )}
    </CheckoutGate>
  )
}
