import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { countdownText } from '../../domain/shop-paths.ts'
import type { timeLimitedPackMachine } from '../../machines/povo/time-limited-pack.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { useYen } from './parts.tsx'

/** `/payment/time_limited_pack`: a coin pack whose offer counts down and then is gone. */
export function TimeLimitedPackPage({ logic }: { logic: typeof timeLimitedPackMachine }) {
  const { t, locale } = useT()
  const yen = useYen()
  const actor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({
      state: s.matches('offered') ? 'offered' : typeof s.value === 'string' ? s.value : 'loading',
      paying: s.matches({ offered: 'paying' }),
      pack: s.context.pack,
      remaining: s.context.remaining,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('pack.title'))
  const number = (n: number) => n.toLocaleString(locale)

  if (view.state === 'failed') {
    return (
      <LoadFailed
        message={t('pack.loadFailed')}
        onRetry={() => actor.send({ type: 'pack.retry' })}
      />
    )
  }
  if (view.state === 'ended') {
    return (
      <section className="shop" aria-labelledby="pack-title">
        <h1 id="pack-title">{t('pack.title')}</h1>
        <p role="status" data-testid="pack-ended">
          {t('pack.ended')}
        </p>
        <Link to="/povo_ec" className="button button--ghost">
          {t('shop.backToShop')}
        </Link>
      </section>
    )
  }
  if (view.state === 'redirecting') return <p aria-busy="true">{t('shop.redirecting')}</p>
  const { pack } = view
  if (!pack) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="shop pack" aria-labelledby="pack-title">
      <h1 id="pack-title">{t('pack.title')}</h1>
      <div className="pack__offer">
        <h2>{pack.name}</h2>
        <p>{pack.description}</p>
        <p className="pack__gold">
          {t('pack.gold', { gold: number(pack.gold), bonus: number(pack.bonus_gold) })}
        </p>
        <p className="shop-card__price">{yen(pack.price)}</p>
        <p className="pack__countdown" aria-live="off" data-testid="pack-countdown">
          {t('pack.endsIn')} <time>{countdownText(view.remaining)}</time>
        </p>
        <button
          type="button"
          className="button button--primary button--wide"
          disabled={view.paying}
          onClick={() => actor.send({ type: 'pack.buy' })}
        >
          {view.paying ? t('shop.reserving') : t('pack.buy', { price: yen(pack.price) })}
        </button>
        <p className="shop__note">{t('shop.payNote')}</p>
      </div>
    </section>
  )
}
