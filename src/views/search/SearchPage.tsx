import { shallowEqual, useSelector } from '@xstate/react'
import { RoomLink } from '../components/RoomLink.tsx'
import type { ActorRefFrom } from 'xstate'
import type { FoundRoom } from '../../contract/search.ts'
import type {
  SearchGenre,
  searchResultsMachine,
} from '../../machines/search/search-results.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './search.css'

export type SearchResultsActor = ActorRefFrom<typeof searchResultsMachine>

/** The genre browser: every genre first, then each genre with its number of rooms. */
function GenreChips({ actor }: { actor: SearchResultsActor }) {
  const { t } = useT()
  const genres = useSelector(actor, (s) => s.context.genres)
  const genre = useSelector(actor, (s) => s.context.genre)
  if (!genres || genres.length === 0) return null
  const chips = [
    { id: 'all' as const, label: t('search.allGenres') },
    ...genres.map((g) => ({ id: g.genre_id, label: `${g.genre_name} ${g.room_num}` })),
  ]
  return (
    <div className="search-genres" role="group" aria-label={t('search.genres')}>
      {chips.map((c) => (
        <button
          key={c.id}
          type="button"
          className={
            c.id === genre ? 'chip chip--on search-genres__chip' : 'chip search-genres__chip'
          }
          aria-pressed={c.id === genre}
          onClick={() => actor.send({ type: 'results.genre', genre: c.id })}
        >
          {c.label}
        </button>
      ))}
    </div>
  )
}

/** One room found: picture, name, genre, followers, and whether it is on air. */
function RoomRow({ room }: { room: FoundRoom }) {
  const { t, locale } = useT()
  return (
    <li data-testid="search-room">
      <RoomLink className="room-row" roomUrlKey={room.room_url_key}>
        <img className="room-row__image" src={room.image} alt="" width={96} height={54} />
        <span className="room-row__body">
          <strong className="room-row__name">{room.room_name}</strong>
          <span className="search-row__meta">
            {room.is_online && <span className="search-row__live">{t('room.onAir')}</span>}
            <span>{room.genre_name}</span>
            <span>
              {t('search.followers', {
                num: new Intl.NumberFormat(locale).format(room.follower_num),
              })}
            </span>
          </span>
        </span>
      </RoomLink>
    </li>
  )
}

/** The results on a given actor: the genre browser, the rooms found, paged. */
export function SearchView({ actor }: { actor: SearchResultsActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      keyword: s.context.keyword,
      failed: s.matches({ list: 'failed' }),
      rooms: s.context.rooms,
      total: s.context.total,
      more: s.context.nextPage !== null,
      loadingMore: s.matches({ list: 'loadingMore' }),
      moreFailed: s.matches({ list: 'moreFailed' }),
    }),
    shallowEqual,
  )
  const title =
    view.keyword === '' ? t('search.title') : t('search.resultsFor', { keyword: view.keyword })
  useDocumentTitle(title)
  let body
  if (view.failed)
    body = (
      <div className="list-empty" role="alert">
        <p>{t('search.loadFailed')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'results.retry' })}
        >
          {t('common.retry')}
        </button>
      </div>
    )
  else if (view.rooms === null) body = <p aria-busy="true">{t('common.loading')}</p>
  else if (view.rooms.length === 0) body = <p className="list-empty">{t('search.empty')}</p>
  else
    body = (
      <div aria-busy={view.loadingMore}>
        <p className="search-page__total">{t('search.total', { num: view.total })}</p>
        <ul className="room-list">
          {view.rooms.map((r) => (
            <RoomRow key={r.room_id} room={r} />
          ))}
        </ul>
        {view.moreFailed && <p role="alert">{t('search.moreFailed')}</p>}
        {view.more && (
          <button
            type="button"
            className="button button--ghost list-more"
            disabled={view.loadingMore}
            onClick={() => actor.send({ type: 'results.more' })}
          >
            {view.loadingMore ? t('common.loading') : t('search.more')}
          </button>
        )}
      </div>
    )
  return (
    <article className="search-page" aria-labelledby="search-title">
      <h1 id="search-title">{title}</h1>
      <GenreChips actor={actor} />
      <section aria-label={t('search.results')}>{body}</section>
    </article>
  )
}

/** `/search?keyword=&genre_id=` (public): rooms by name, browsed by genre. */
export function SearchPage(props: {
  logic: typeof searchResultsMachine
  keyword: string
  genre: SearchGenre
}) {
  const actor = usePageActor(props.logic, {
    input: { keyword: props.keyword, genre: props.genre },
  })
  return <SearchView actor={actor} />
}
