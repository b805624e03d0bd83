import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import { drawCost, drawCountsOf, walletTotal, type DrawCount } from '../../domain/gacha.ts'
import type { gachaMachine } from '../../machines/gacha/gacha.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { Modal } from '../components/Modal.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { GachaPeriod, OddsTable, PrizeList, RevealOverlay } from './parts.tsx'
import './lottery.css'

/**
 * `/lottery/{id}` and `/lottery/ad_reward/{id}`: a gacha, its prize table with the odds of
 * every prize (as Japanese law expects of paid gacha), and drawing 1 or 10.
 */
export function GachaPage({ logic, gachaId }: { logic: typeof gachaMachine; gachaId: number }) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { gachaId } })
  const view = useSelector(
    actor,
    (s) => ({
      state: typeof s.value === 'string' ? s.value : 'loading',
      gacha: s.context.gacha,
      prizes: s.context.prizes,
      wallet: s.context.wallet,
      remaining: s.context.remainingToday,
      count: s.context.count,
      results: s.context.results,
    }),
    shallowEqual,
  )
  const { gacha, wallet, state } = view
  useDocumentTitle(gacha ? gacha.name : t('gacha.title'))
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)

  if (state === 'notFound') {
    return (
      <section className="status-page">
        <p className="status-page__code">404</p>
        <h1>{t('gacha.notFound')}</h1>
        <Link to="/lottery/list" className="button button--primary">
          {t('gacha.backToList')}
        </Link>
      </section>
    )
  }
  if (state === 'failed') {
    return (
      <section className="gacha">
        <p role="alert">{t('gacha.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'gacha.retry' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )
  }
  if (!gacha) return <p aria-busy="true">{t('common.loading')}</p>

  const isAd = gacha.kind === 'ad_reward'
  const cost = (count: DrawCount) => drawCost(gacha, count)
  const drawLabel = (count: DrawCount) =>
    gacha.price === 0
      ? t('gacha.drawFree')
      : t(count === 10 ? 'gacha.drawTen' : 'gacha.drawOne', { gold: number(cost(count)) })

  return (
    <section className="gacha" aria-labelledby="gacha-title">
      <p className="gacha__crumbs">
        <Link to="/lottery/list">{t('gacha.listTitle')}</Link>
      </p>
      <img className="gacha__banner" src={gacha.image} alt="" width={480} height={200} />
      <h1 id="gacha-title">{gacha.name}</h1>
      <p>{gacha.description}</p>
      <GachaPeriod gacha={gacha} />

      <div className="gacha__actions">
        {wallet && (
          <p data-testid="gacha-balance">
            {t('gacha.balance', { gold: number(walletTotal(wallet)) })}
          </p>
        )}
        {wallet && view.remaining !== null && (
          <p data-testid="gacha-remaining">
            {t(isAd ? 'gacha.watchesLeft' : 'gacha.drawsLeft', { count: view.remaining })}
          </p>
        )}
        {!gacha.is_open ? (
          <p role="status">{t('gacha.closed')}</p>
        ) : isAd ? (
          <button
            type="button"
            className="button button--primary button--wide"
            disabled={state === 'startingWatch' || view.remaining === 0}
            onClick={() => actor.send({ type: 'ad.start' })}
          >
            {view.remaining === 0 ? t('gacha.noneLeftToday') : t('gacha.watchAd')}
          </button>
        ) : (
          drawCountsOf(gacha).map((count) => (
            <button
              key={count}
              type="button"
              className="button button--primary"
              disabled={view.remaining === 0}
              onClick={() => actor.send({ type: 'draw.choose', count })}
            >
              {view.remaining === 0 ? t('gacha.noneLeftToday') : drawLabel(count)}
            </button>
          ))
        )}
        {wallet && (
          <Link to="/lottery/history" search={{ page: 1 }}>
            {t('gacha.historyLink')}
          </Link>
        )}
      </div>

      <h2>{t('gacha.oddsTitle')}</h2>
      <OddsTable prizes={view.prizes} />

      {(state === 'confirming' || state === 'drawing') && wallet && (
        <Modal
          title={t('gacha.confirmTitle')}
          closeLabel={t('common.dismiss')}
          onClose={() => actor.send({ type: 'draw.cancel' })}
        >
          <p>{t('gacha.confirmText', { name: gacha.name, count: view.count })}</p>
          <dl className="gacha__sum">
            <dt>{t('gacha.cost')}</dt>
            <dd data-testid="gacha-cost">{number(cost(view.count))}</dd>
            <dt>{t('gacha.balanceLabel')}</dt>
            <dd>{number(walletTotal(wallet))}</dd>
            <dt>{t('gacha.after')}</dt>
            <dd>{number(walletTotal(wallet) - cost(view.count))}</dd>
          </dl>
          <div className="modal__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={state === 'drawing'}
              onClick={() => actor.send({ type: 'draw.cancel' })}
            >
              {t('gacha.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={state === 'drawing'}
              aria-busy={state === 'drawing'}
              onClick={() => actor.send({ type: 'draw.confirm' })}
            >
              {state === 'drawing' ? t('gacha.drawing') : t('gacha.confirmDraw')}
            </button>
          </div>
        </Modal>
      )}

      {state === 'insufficientGold' && wallet && (
        <Modal
          title={t('gacha.notEnoughTitle')}
          closeLabel={t('common.dismiss')}
          onClose={() => actor.send({ type: 'draw.cancel' })}
        >
          <p role="alert">
            {t('gacha.notEnoughText', {
              cost: number(cost(view.count)),
              gold: number(walletTotal(wallet)),
            })}
          </p>
          <div className="modal__actions">
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'draw.cancel' })}
            >
              {t('common.dismiss')}
            </button>
          </div>
        </Modal>
      )}

      {state === 'connectionLost' && (
        <div className="notice notice--error" role="alert">
          {t('gacha.connectionLost')}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'gacha.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}

      {state === 'revealing' && (
        <RevealOverlay prizes={view.results} onSkip={() => actor.send({ type: 'reveal.skip' })} />
      )}

      {state === 'result' && (
        <Modal
          title={t('gacha.resultTitle')}
          closeLabel={t('common.dismiss')}
          onClose={() => actor.send({ type: 'result.close' })}
        >
          <PrizeList prizes={view.results} />
          {wallet && <p>{t('gacha.balance', { gold: number(walletTotal(wallet)) })}</p>}
          <div className="modal__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => actor.send({ type: 'result.close' })}
            >
              {t('common.dismiss')}
            </button>
            {view.remaining !== 0 && (
              <button
                type="button"
                className="button button--primary"
                onClick={() => actor.send({ type: 'result.again' })}
              >
                {t('gacha.again')}
              </button>
            )}
          </div>
        </Modal>
      )}
    </section>
  )
}
