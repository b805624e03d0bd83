import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { MissionGenreList } from '../../contract/mission.ts'
import { rewardSums } from '../../machines/mission/mission.lists.ts'
import { useAuth, useT } from '../app-context.tsx'
import { DailyGenre, LimitedGenre, MonthlyGenre } from './MissionGenres.tsx'
import type { MissionActor } from './types.ts'
import './mission.css'

/** The body of a genre's tab. */
function GenreBody({ actor, list }: { actor: MissionActor; list: MissionGenreList }) {
  switch (list.genre) {
    case 'daily':
      return <DailyGenre actor={actor} daily={list} />
    case 'monthly':
      return <MonthlyGenre actor={actor} monthly={list} />
    case 'limited':
      return <LimitedGenre actor={actor} limited={list} />
  }
}

/** The room a panel belongs to: "すべて見る" opens /mission with a way back to it. */
export interface MissionRoomLink {
  roomId: number
  roomUrlKey: string
}

/**
 * The mission panel (SPEC §4 Missions), in a room's sheet or on /mission: a tab per genre with
 * the rewards waiting in it, the chosen genre's missions, and for an anonymous visitor the
 * catalogue with a way to log in.
 */
export function MissionPanel({
  actor,
  room,
}: {
  actor: MissionActor
  /** In a room: the link to the whole page. */
  room?: MissionRoomLink | undefined
}) {
  const { t } = useT()
  const auth = useAuth()
  const view = useSelector(
    actor,
    (s) => ({
      status: s.matches('failed') ? 'failed' : s.matches('loading') ? 'loading' : 'ready',
      genres: s.context.genres,
      tab: s.context.tab,
      isLogin: s.context.isLogin,
      refreshing: s.matches({ ready: { lists: 'refreshing' } }),
    }),
    shallowEqual,
  )
  // Its heading is the page's on /mission and the sheet's in a room.
  const head = room && (
    <div className="mission-panel__head">
      <Link
        className="mission-panel__all"
        to="/mission"
        search={{ room_id: room.roomId, room: room.roomUrlKey }}
      >
        {t('mission.seeAll')}
      </Link>
    </div>
  )

  if (view.status === 'loading')
    return (
      <section className="mission-panel" aria-label={t('mission.title')}>
        {head}
        <p aria-busy="true">{t('mission.loading')}</p>
      </section>
    )
  if (view.status === 'failed')
    return (
      <section className="mission-panel" aria-label={t('mission.title')}>
        {head}
        <p role="alert">{t('mission.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'mission.refresh' })}
        >
          {t('common.retry')}
        </button>
      </section>
    )

  const sums = rewardSums(view.genres)
  const current = view.genres.find((g) => g.genre === view.tab)
  return (
    <section className="mission-panel" aria-label={t('mission.title')} aria-busy={view.refreshing}>
      {head}
      <div role="tablist" aria-label={t('mission.tabs')} className="mission-tabs">
        {view.genres.map((g) => (
          <button
            key={g.genre}
            id={`mission-tab-${g.genre}`}
            type="button"
            role="tab"
            aria-selected={g.genre === view.tab}
            aria-controls="mission-tabpanel"
            className="mission-tabs__tab"
            onClick={() => actor.send({ type: 'mission.tab', genre: g.genre })}
          >
            {t(`mission.genre.${g.genre}`)}
            {sums[g.genre] > 0 && (
              <>
                <span className="mission-badge" aria-hidden="true" data-testid="mission-badge">
                  {sums[g.genre]}
                </span>
                <span className="visually-hidden">
                  {t('mission.waiting', { count: sums[g.genre] })}
                </span>
              </>
            )}
          </button>
        ))}
      </div>
      <div
        id="mission-tabpanel"
        role="tabpanel"
        aria-labelledby={`mission-tab-${view.tab}`}
        className="mission-panel__body"
      >
        {current ? (
          <GenreBody actor={actor} list={current} />
        ) : (
          <p className="mission-panel__empty">{t('mission.empty')}</p>
        )}
      </div>
      {!view.isLogin && (
        <div className="mission-panel__login">
          <p>{t('mission.loginLead')}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => auth.send({ type: 'login.open', kind: 1 })}
          >
            {t('mission.login')}
          </button>
        </div>
      )}
    </section>
  )
}
