import { shallowEqual, useSelector } from '@xstate/react'
import type { JewelHistAnswer, JewelLive } from '../../contract/jewel.ts'
import { languageTag, type Locale } from '../../domain/locale.ts'
import type { jewelHistMachine } from '../../machines/jewel-hist/jewel-hist.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { formatTokyoShort } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import './jewel-hist.css'

type Logic = typeof jewelHistMachine
type T = ReturnType<typeof useT>['t']

const exact = (n: number, locale: Locale) => new Intl.NumberFormat(languageTag(locale)).format(n)

/** `YYYY-MM` as the locale writes a month ("2026年11月", "November 2026"). */
const monthLabel = (month: string, locale: Locale, short = false) =>
  new Intl.DateTimeFormat(languageTag(locale), {
    ...(short ? {} : { year: 'numeric' }),
    month: short ? 'numeric' : 'long',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`))

/** `/jewel_hist/{room}` (issue #21): what the owner's room earned from gifts, by month. */
export function JewelHistPage({ logic, roomId }: { logic: Logic; roomId: number }) {
  // Another room is another history: a new actor loads it.
  return <JewelHistView key={roomId} logic={logic} roomId={roomId} />
}

function JewelHistView({ logic, roomId }: { logic: Logic; roomId: number }) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { roomId } })
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('loadFailed'),
      answer: s.context.answer,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('jewelHist.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('jewelHist.loadFailed')}
        onRetry={() => actor.send({ type: 'jewelHist.retry' })}
      />
    )
  }
  const answer = view.answer
  if (!answer) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="jewel-hist" aria-labelledby="jewel-hist-title" aria-busy={view.loading}>
      <h1 id="jewel-hist-title">{t('jewelHist.title')}</h1>
      <p className="jewel-hist__about">{t('jewelHist.about')}</p>
      <nav className="jewel-hist__months" aria-label={t('jewelHist.monthNav')}>
        <button
          type="button"
          className="button button--ghost"
          disabled={view.loading}
          onClick={() => actor.send({ type: 'jewelHist.previous' })}
        >
          {t('jewelHist.previous')}
        </button>
        <h2 data-testid="jewel-month">{monthLabel(answer.month, locale)}</h2>
        <button
          type="button"
          className="button button--ghost"
          disabled={view.loading || answer.month >= answer.current_month}
          onClick={() => actor.send({ type: 'jewelHist.next' })}
        >
          {t('jewelHist.next')}
        </button>
      </nav>
      <Totals answer={answer} t={t} locale={locale} />
      <Lives lives={answer.lives} t={t} locale={locale} />
      <Months answer={answer} t={t} locale={locale} />
    </section>
  )
}

function Totals({ answer, t, locale }: { answer: JewelHistAnswer; t: T; locale: Locale }) {
  return (
    <dl className="jewel-hist__totals">
      <div>
        <dt>{t('jewelHist.paid')}</dt>
        <dd data-testid="jewel-paid">{exact(answer.total.paid, locale)}</dd>
      </div>
      <div>
        <dt>{t('jewelHist.free')}</dt>
        <dd data-testid="jewel-free">{exact(answer.total.free, locale)}</dd>
      </div>
      <div>
        <dt>{t('jewelHist.gifts')}</dt>
        <dd>{exact(answer.total.gifts, locale)}</dd>
      </div>
    </dl>
  )
}

/** Time on air, "1:05" (hours:minutes); an open live counts up to now. */
function onAir(live: JewelLive): string {
  const end = live.ended_at ?? Math.floor(Date.now() / 1000)
  const minutes = Math.max(0, Math.floor((end - live.started_at) / 60))
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`
}

function Lives({ lives, t, locale }: { lives: JewelLive[]; t: T; locale: Locale }) {
  return (
    <section className="jewel-hist__card" aria-labelledby="jewel-lives">
      <h2 id="jewel-lives">{t('jewelHist.lives')}</h2>
      {lives.length === 0 ? (
        <p className="jewel-hist__empty">{t('jewelHist.noLives')}</p>
      ) : (
        <ul className="jewel-hist__lives">
          {lives.map((live) => (
            <li key={live.live_id} data-testid="jewel-live">
              <span className="jewel-hist__when">
                {formatTokyoShort(live.started_at, locale)}
                <small>
                  {live.ended_at === null
                    ? t('jewelHist.onAirNow')
                    : t('jewelHist.onAirFor', { time: onAir(live) })}
                </small>
              </span>
              <span>
                {t('jewelHist.paid')} {exact(live.paid, locale)}
              </span>
              <span>
                {t('jewelHist.free')} {exact(live.free, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Months({ answer, t, locale }: { answer: JewelHistAnswer; t: T; locale: Locale }) {
  const most = Math.max(1, ...answer.months.map((m) => m.paid + m.free))
  return (
    <section className="jewel-hist__card" aria-labelledby="jewel-year">
      <h2 id="jewel-year">{t('jewelHist.year')}</h2>
      <ul className="jewel-hist__bars">
        {answer.months.map((m) => (
          <li key={m.month}>
            <span className="jewel-hist__bar-month">{monthLabel(m.month, locale, true)}</span>
            <span className="jewel-hist__bar" aria-hidden="true">
              <span
                className="jewel-hist__bar-paid"
                style={{ width: `${(m.paid / most) * 100}%` }}
              />
              <span
                className="jewel-hist__bar-free"
                style={{ width: `${(m.free / most) * 100}%` }}
              />
            </span>
            <span className="jewel-hist__bar-value">
              {t('jewelHist.paid')} {exact(m.paid, locale)} / {t('jewelHist.free')}{' '}
              {exact(m.free, locale)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
