import { useEffect } from 'react'
import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { MyRankingAnswer, RankingPeriod } from '../../contract/ranking.ts'
import type { rankingMachine, RankingSelection } from '../../machines/ranking/ranking.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { Badge } from '../components/Badge.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { RankingRows } from './RankingRows.tsx'
import './ranking.css'

const PERIODS: readonly RankingPeriod[] = ['daily', 'weekly', 'monthly']

/** A ranking's address: every genre, the daily period and the first page are left out. */
const searchOf = ({ genre, period, page }: RankingSelection) => ({
  genre: genre === 'all' ? undefined : genre,
  period: period === 'daily' ? undefined : period,
  page: page === 1 ? undefined : page,
})

/**
 * `/ranking`: genre and period tabs (links, so a tab can be shared), the period's start, the
 * caller's own room's place, and the ranked rooms page by page. The address is the choice: a new
 * one is sent to the machine, which loads it while the last list stays on screen.
 */
export function RankingPage({
  logic,
  search,
}: {
  logic: typeof rankingMachine
  search: RankingSelection
}) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: search })
  const { genre, period, page } = search
  useEffect(() => {
    actor.send({ type: 'ranking.select', genre, period, page })
  }, [actor, genre, period, page])
  const view = useSelector(
    actor,
    (s) => ({
      genres: s.context.tabs?.genres ?? [],
      periods: s.context.tabs?.periods ?? PERIODS,
      ranking: s.context.ranking,
      mine: s.matches({ mine: 'known' }) ? s.context.mine : null,
      loading: s.matches({ list: 'loading' }),
      failed: s.matches({ list: 'failed' }) || s.matches({ tabs: 'failed' }),
    }),
    shallowEqual,
  )
  useDocumentTitle(t('ranking.title'))
  const { ranking } = view
  const tabs: Array<{ id: RankingSelection['genre']; name: string }> = [
    { id: 'all', name: t('ranking.allGenres') },
    ...view.genres.map((g) => ({ id: g.genre_id, name: g.genre_name })),
  ]

  return (
    <article className="ranking" aria-labelledby="ranking-title">
      <h1 id="ranking-title">{t('ranking.title')}</h1>
      <nav className="ranking__tabs" aria-label={t('ranking.genres')}>
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to="/ranking"
            search={searchOf({ genre: tab.id, period, page: 1 })}
            className="ranking__tab"
            // The router would also mark a tab whose search is a subset of the address.
            activeOptions={{ exact: true }}
            aria-current={tab.id === genre ? 'page' : undefined}
          >
            {tab.name}
          </Link>
        ))}
      </nav>
      <nav className="ranking__tabs ranking__tabs--periods" aria-label={t('ranking.periods')}>
        {view.periods.map((p) => (
          <Link
            key={p}
            to="/ranking"
            search={searchOf({ genre, period: p, page: 1 })}
            className="ranking__tab"
            // The router would also mark a tab whose search is a subset of the address.
            activeOptions={{ exact: true }}
            aria-current={p === period ? 'page' : undefined}
          >
            {t(`ranking.period.${p}`)}
          </Link>
        ))}
      </nav>
      {ranking && (
        <p className="ranking__since" data-testid="ranking-since">
          {t('ranking.since', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
              new Date(`${ranking.starts_on}T00:00:00Z`),
            ),
          })}
        </p>
      )}
      {view.mine?.room && <MyPlace mine={view.mine} />}
      {view.failed && (
        <div className="ranking__failed" role="alert">
          <p>{t('ranking.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'ranking.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {ranking ? (
        <RankingRows ranking={ranking} busy={view.loading} />
      ) : (
        !view.failed && <p aria-busy="true">{t('common.loading')}</p>
      )}
      {ranking && (ranking.page > 1 || ranking.next_page !== null) && (
        <nav className="ranking__pager" aria-label={t('ranking.pages')}>
          {ranking.page > 1 ? (
            <Link
              to="/ranking"
              search={searchOf({ genre, period, page: ranking.page - 1 })}
              className="button button--ghost"
            >
              {t('ranking.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span>{t('ranking.page', { page: ranking.page })}</span>
          {ranking.next_page !== null ? (
            <Link
              to="/ranking"
              search={searchOf({ genre, period, page: ranking.next_page })}
              className="button button--ghost"
            >
              {t('ranking.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </article>
  )
}

/** The caller's own room in the shown genre and period (unranked without a score yet). */
function MyPlace({ mine }: { mine: MyRankingAnswer }) {
  const { t, locale } = useT()
  const room = mine.room
  if (!room) return null
  return (
    <section className="ranking__mine" aria-labelledby="ranking-mine" data-testid="ranking-mine">
      <h2 id="ranking-mine">{t('ranking.mine')}</h2>
      <p>
        <Link to="/r/$roomUrlKey" params={{ roomUrlKey: room.room_url_key }}>
          {room.room_name}
        </Link>
        <Badge badge={room.badge} />
      </p>
      <p className="ranking__mine-place">
        {room.rank === null
          ? t('ranking.unranked')
          : t('ranking.rank', { rank: new Intl.NumberFormat(locale).format(room.rank) })}{' '}
        {t('ranking.score', { score: new Intl.NumberFormat(locale).format(room.score) })}
      </p>
    </section>
  )
}
