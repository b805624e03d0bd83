import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { CheckoutStep } from '../../domain/shop-paths.ts'
import { useT } from '../app-context.tsx'
import { LoadFailed, StatusPage } from '../components/StatusBlocks.tsx'
import { useCheckout } from './checkout-context.tsx'

/** The machine's state for each page of the checkout. */
export const STATE_OF = {
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
      <LoadFailed
        message={t('shop.loadFailed')}
        onRetry={() => actor.send({ type: 'checkout.retry' })}
      />
    )
  }
  if (state === 'notFound') {
    return (
      <StatusPage code={404} title={t('shop.notFound')}>
        <Link to="/povo_ec" className="button button--primary">
          {t('shop.backToShop')}
        </Link>
      </StatusPage>
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
