import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { followMachine, FollowTab } from '../../machines/follow/follow.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { OnliveCard } from '../components/OnliveCard.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { RoomList, ScheduleList } from './FollowLists.tsx'
import './follow.css'

export type FollowActor = ActorRefFrom<typeof followMachine>

const TABS: readonly FollowTab[] = ['onair', 'rooms', 'schedules']

/** The genre chips: every genre first, then the followed rooms' genres with their counts. */
function GenreChips({ actor }: { actor: FollowActor }) {
  const { t } = useT()
  const genres = useSelector(actor, (s) => s.context.genres)
  const genre = useSelector(actor, (s) => s.context.genre)
  // One genre or none filters nothing: the chips would only take room.
  if (!genres || genres.length < 2) return null
  const chips = [
    { id: 'all' as const, label: t('follow.allGenres') },
    ...genres.map((g) => ({ id: g.genre_id, label: `${g.genre_name} ${g.count}` })),
  ]
  return (
    <div className="follow-genres" role="group" aria-label={t('follow.genres')}>
      {chips.map((c) => (
        <button
          key={c.id}
          type="button"
          className={
            c.id === genre ? 'chip chip--on follow-genres__chip' : 'chip follow-genres__chip'
          }
          aria-pressed={c.id === genre}
          onClick={() => actor.send({ type: 'follow.genre', genre: c.id })}
        >
          {c.label}
        </button>
      ))}
    </div>
  )
}

/** The way to rooms worth following when a list is empty for lack of follows. */
function FindRooms({ text }: { text: string }) {
  const { t } = useT()
  return (
    <div className="list-empty">
      <p>{text}</p>
      <Link className="button button--primary follow-empty__link" to="/">
        {t('follow.findRooms')}
      </Link>
    </div>
  )
}

/** The chosen tab's list, or its loading, failed or empty state. */
function TabBody({ actor }: { actor: FollowActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      tab: s.context.tab,
      genre: s.context.genre,
      state: s.matches({ list: 'failed' })
        ? ('failed' as const)
        : s.matches({ list: 'loading' })
          ? ('loading' as const)
          : ('shown' as const),
      onlives: s.context.onlives,
      rooms: s.context.rooms,
      schedules: s.context.schedules,
      more: s.context.tab === 'rooms' && s.context.nextPage !== null,
      loadingMore: s.matches({ list: 'loadingMore' }),
      moreFailed: s.matches({ list: 'moreFailed' }),
      noFollows: s.context.genres?.length === 0,
    }),
    shallowEqual,
  )
  const list =
    view.tab === 'onair' ? view.onlives : view.tab === 'rooms' ? view.rooms : view.schedules
  if (view.state === 'failed')
    return (
      <div className="list-empty" role="alert">
        <p>{t('follow.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'follow.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  if (list === null) return <p aria-busy="true">{t('common.loading')}</p>
  if (view.noFollows) return <FindRooms text={t('follow.noFollows')} />
  if (list.length === 0)
    return view.genre === 'all' ? (
      <FindRooms text={t(`follow.empty.${view.tab}`)} />
    ) : (
      <p className="list-empty">{t('follow.emptyGenre')}</p>
    )
  return (
    <div aria-busy={view.state === 'loading' || view.loadingMore}>
      {view.tab === 'onair' && view.onlives && (
        <ul className="follow-grid">
          {view.onlives.map((live) => (
            <OnliveCard key={live.room_id} live={live} />
          ))}
        </ul>
      )}
      {view.tab === 'rooms' && view.rooms && <RoomList rooms={view.rooms} />}
      {view.tab === 'schedules' && view.schedules && <ScheduleList schedules={view.schedules} />}
      {view.moreFailed && <p role="alert">{t('follow.moreFailed')}</p>}
      {view.more && (
        <button
          type="button"
          className="button button--ghost list-more"
          disabled={view.loadingMore}
          onClick={() => actor.send({ type: 'follow.more' })}
        >
          {view.loadingMore ? t('common.loading') : t('follow.more')}
        </button>
      )}
    </div>
  )
}

/** The follow page's body on a given actor: tabs, genre chips, the tab's list. */
export function FollowView({ actor }: { actor: FollowActor }) {
  const { t } = useT()
  const tab = useSelector(actor, (s) => s.context.tab)
  return (
    <article className="follow-page" aria-labelledby="follow-title">
      <h1 id="follow-title">{t('follow.title')}</h1>
      <div role="tablist" aria-label={t('follow.tabs')} className="follow-tabs">
        {TABS.map((id) => (
          <button
            key={id}
            id={`follow-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={id === tab}
            aria-controls="follow-tabpanel"
            className="follow-tabs__tab"
            onClick={() => actor.send({ type: 'follow.tab', tab: id })}
          >
            {t(`follow.tab.${id}`)}
          </button>
        ))}
      </div>
      <GenreChips actor={actor} />
      <section id="follow-tabpanel" role="tabpanel" aria-labelledby={`follow-tab-${tab}`}>
        <TabBody actor={actor} />
      </section>
    </article>
  )
}

/** `/follow` (SPEC §2, a logged-in user's): the rooms they follow, on air, all, and scheduled. */
export function FollowPage({ logic }: { logic: typeof followMachine }) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { tab: 'onair' } })
  useDocumentTitle(t('follow.title'))
  return <FollowView actor={actor} />
}
