import type { ReactNode } from 'react'
import type { Order, ShippingAddress, ShopPackage, ShopPlan } from '../../domain/shop.ts'
import { useT } from '../app-context.tsx'
import './shop.css'
import { StepList } from '../components/StepList.tsx'

/** ¥1,234 in the active locale (prices are yen, tax included). */
export function useYen() {
  const { locale } = useT()
  return (amount: number) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency: 'JPY' }).format(amount)
}

export function PackageCard({ pkg, children }: { pkg: ShopPackage; children?: ReactNode }) {
  const { t } = useT()
  const yen = useYen()
  return (
    <article className="shop-card" data-testid={`package-${pkg.package_id}`}>
      <img className="shop-card__image" src={pkg.image} alt="" width={320} height={160} />
      <h3 className="shop-card__name">{pkg.name}</h3>
      <p>{pkg.description}</p>
      <p className="shop-card__price">{t('shop.fromPrice', { price: yen(pkg.min_price) })}</p>
      {children}
    </article>
  )
}

export function PlanFacts({ plan }: { plan: ShopPlan }) {
  const { t } = useT()
  const yen = useYen()
  return (
    <dl className="shop-facts">
      <dt>{t('shop.price')}</dt>
      <dd data-testid="plan-price">{yen(plan.price)}</dd>
      {plan.gold > 0 && (
        <>
          <dt>{t('shop.gold')}</dt>
          <dd>{t('shop.goldAmount', { gold: plan.gold.toLocaleString('ja-JP') })}</dd>
        </>
      )}
      <dt>{t('shop.delivery')}</dt>
      <dd>{plan.requires_shipping ? t('shop.shipped') : t('shop.digital')}</dd>
    </dl>
  )
}

export function AddressBlock({ address }: { address: ShippingAddress }) {
  return (
    <address className="shop-address" data-testid="shipping-summary">
      〒{address.postal_code} {address.prefecture}
      {address.city}
      {address.address_line1}
      {address.address_line2 ? ` ${address.address_line2}` : ''}
      <br />
      {address.name}（{address.phone}）
    </address>
  )
}

/** The steps of the checkout, the current one marked. */
export function Steps({ current }: { current: 'plan' | 'shipping' | 'confirm' | 'result' }) {
  const { t } = useT()
  const steps = (['plan', 'shipping', 'confirm', 'result'] as const).map((key) => ({
    key,
    text: t(`shop.step.${key}`),
  }))
  return <StepList steps={steps} current={current} label={t('shop.stepsLabel')} />
}

export function OrderFacts({ order }: { order: Order }) {
  const { t, locale } = useT()
  const yen = useYen()
  return (
    <dl className="shop-facts" data-testid="order-facts">
      <dt>{t('shop.orderId')}</dt>
      <dd>{order.order_id}</dd>
      <dt>{t('shop.item')}</dt>
      <dd>
        {order.title}
        {order.quantity > 1 ? ` × ${order.quantity}` : ''}
      </dd>
      <dt>{t('shop.amount')}</dt>
      <dd>{yen(order.amount)}</dd>
      {order.gold > 0 && (
        <>
          <dt>{t('shop.gold')}</dt>
          <dd>{t('shop.goldAmount', { gold: order.gold.toLocaleString(locale) })}</dd>
        </>
      )}
    </dl>
  )
}
