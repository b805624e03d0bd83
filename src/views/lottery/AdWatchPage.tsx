import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { adWatchMachine } from '../../machines/ad-watch/ad-watch.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { PrizeList, RetryAlert } from './parts.tsx'
import './lottery.css'

/**
 * `/lottery/ad_reward/{watch_id}/watch`: our own short ad plays (muted so it may start by
 * itself, no controls, no seeking) with a countdown; the draw unlocks once it has played through.
 */
export function AdWatchPage({ logic, watchId }: { logic: typeof adWatchMachine; watchId: string }) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { watchId } })
  const view = useSelector(
    actor,
    (s) => ({
      state: typeof s.value === 'string' ? s.value : 'loading',
      watch: s.context.watch,
      playedMs: s.context.playedMs,
      results: s.context.results,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('adWatch.title'))
  const { state, watch } = view
  const backLink = watch ? (
    <Link
      to="/lottery/ad_reward/$id"
      params={{ id: watch.gacha_id }}
      className="button button--ghost"
    >
      {t('adWatch.back')}
    </Link>
  ) : (
    <Link to="/lottery/list" className="button button--ghost">
      {t('gacha.backToList')}
    </Link>
  )

  if (state === 'loading') return <p aria-busy="true">{t('common.loading')}</p>
  if (state === 'notFound' || state === 'failed') {
    return (
      <section className="ad-watch">
        <p role="alert">{t(state === 'notFound' ? 'adWatch.notFound' : 'adWatch.loadFailed')}</p>
        {state === 'failed' && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'ad.retry' })}
          >
            {t('common.retry')}
          </button>
        )}
        {backLink}
      </section>
    )
  }

  const secondsLeft = watch ? Math.ceil((watch.duration_ms - view.playedMs) / 1000) : 0
  return (
    <section className="ad-watch" aria-labelledby="ad-watch-title">
      <h1 id="ad-watch-title">{t('adWatch.title')}</h1>
      {watch && (state === 'playing' || state === 'completing') && (
        <>
          <video
            className="ad-watch__video"
            data-testid="ad-video"
            src={watch.video_url}
            autoPlay
            muted
            playsInline
            width={640}
            height={360}
            onTimeUpdate={(e) =>
              actor.send({ type: 'ad.progress', playedMs: e.currentTarget.currentTime * 1000 })
            }
            onEnded={() => actor.send({ type: 'ad.ended' })}
            onError={() => actor.send({ type: 'ad.failed' })}
          />
          <p className="ad-watch__countdown" role="timer" aria-live="off">
            {state === 'completing'
              ? t('adWatch.checking')
              : t('adWatch.secondsLeft', { seconds: Math.max(0, secondsLeft) })}
          </p>
        </>
      )}
      {(state === 'videoFailed' || state === 'completionFailed') && (
        <RetryAlert
          message={t(state === 'videoFailed' ? 'adWatch.videoFailed' : 'adWatch.completionFailed')}
          action={t(state === 'videoFailed' ? 'adWatch.playAgain' : 'common.retry')}
          onRetry={() => actor.send({ type: 'ad.retry' })}
        />
      )}
      {(state === 'unlocked' || state === 'drawing') && (
        <div className="ad-watch__unlocked">
          <p role="status">{t('adWatch.unlocked')}</p>
          <button
            type="button"
            className="button button--primary button--wide"
            disabled={state === 'drawing'}
            aria-busy={state === 'drawing'}
            onClick={() => actor.send({ type: 'reward.draw' })}
          >
            {t('adWatch.draw')}
          </button>
        </div>
      )}
      {state === 'result' && (
        <>
          <h2>{t('gacha.resultTitle')}</h2>
          <PrizeList prizes={view.results} />
        </>
      )}
      {state === 'used' && <p role="status">{t('adWatch.used')}</p>}
      {state === 'limitReached' && <p role="alert">{t('gacha.noneLeftToday')}</p>}
      {state !== 'playing' && state !== 'completing' && backLink}
    </section>
  )
}
