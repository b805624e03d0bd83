import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { CheckoutGate } from './CheckoutGate.tsx'
import { useCheckoutVisit } from './checkout-context.tsx'
import { useYen } from './parts.tsx'

/** `/povo_ec/{package_id}`: a package and its plans. */
export function PackagePage({ packageId }: { packageId: number }) {
  const { t } = useT()
  const yen = useYen()
  const actor = useCheckoutVisit({ step: 'package', packageId })
  const { pkg, plans } = useSelector(
    actor,
    (s) => ({ pkg: s.context.pkg, plans: s.context.plans }),
    shallowEqual,
  )
  useDocumentTitle(pkg?.name ?? t('shop.title'))
  return (
    <CheckoutGate step="package">
      {pkg && (
        <section className="shop" aria-labelledby="package-title">
          <p className="shop__crumbs">
            <Link to="/povo_ec">{t('shop.title')}</Link>
          </p>
          <img className="shop__hero" src={pkg.image} alt="" width={640} height={200} />
          <h1 id="package-title">{pkg.name}</h1>
          <p>{pkg.description}</p>
          <h2>{t('shop.plans')}</h2>
          <ul className="shop-plans">
            {plans.map((plan) => (
              <li key={plan.plan_id} className="shop-card" data-testid={`plan-${plan.plan_id}`}>
                <h3 className="shop-card__name">{plan.name}</h3>
                <p>{plan.description}</p>
                <p className="shop-card__price">{yen(plan.price)}</p>
                <Link
                  to="/povo_ec/$packageId/$planId"
                  params={{ packageId, planId: plan.plan_id }}
                  className="button button--primary"
                >
                  {t('shop.choosePlan')}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </CheckoutGate>
  )
}
