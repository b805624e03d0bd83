import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { CheckoutStep } from '../../domain/shop.ts'
import { useT } from '../app-context.tsx'
import { useCheckout } from './checkout-context.tsx'

/** The machine's state for each page of the checkout. */
const STATE_OF = {
  packages: 'catalogue',
  package: 'package',
  plan: 'plan',
  shipping: 'shipping',
  confirm: 'confirm',
  result: 'result',
} as const satisfies Record<CheckoutStep, string>

/**
 * What every checkout page shows before its own content: the load failure (with a retry), a
 * missing package or plan, or a loading note while the checkout is not yet on this step.
 */
export function CheckoutGate({ step, children }: { step: CheckoutStep; children: ReactNode }) {
  const { t } = useT()
  const actor = useCheckout()
  const state = useSelector(actor, (s) =>
    s.matches('failed')
      ? 'failed'
      : s.matches('notFound')
        ? 'notFound'
        : s.matches('expired')
          ? 'expired'
          : s.matches('redirecting')
            ? 'redirecting'
            : s.context.step === step &&
                s.matches(STATE_OF[step]) &&
                !s.matches({ [STATE_OF[step]]: 'loading' })
              ? 'here'
              : 'loading',
  )
  if (state === 'failed') {
    return (
      <section className="shop">
        <p role="alert">{t('shop.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'checkout.retry' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )
  }
  if (state === 'notFound') {
    return (
      <section className="status-page">
        <p className="status-page__code">404</p>
        <h1>{t('shop.notFound')}</h1>
        <Link to="/povo_ec" className="button button--primary">
          {t('shop.backToShop')}
        </Link>
      </section>
    )
  }
  if (state === 'expired') {
    return (
      <section className="shop" aria-labelledby="shop-expired">
        <h1 id="shop-expired">{t('shop.expiredTitle')}</h1>
        <p role="alert">{t('shop.expiredText')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'checkout.restart' })}
        >
          {t('shop.restart')}
        </button>
      </section>
    )
  }
  if (state === 'redirecting') return <p aria-busy="true">{t('shop.redirecting')}</p>
  if (state === 'loading') return <p aria-busy="true">{t('common.loading')}</p>
  return <>{children}</>
}
