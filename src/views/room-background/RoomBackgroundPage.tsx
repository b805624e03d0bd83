import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { RoomBackground } from '../../contract/room-background.ts'
import type {
  BackgroundRequest,
  roomBackgroundMachine,
} from '../../machines/room-background/room-background.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import './room-background.css'

type Logic = typeof roomBackgroundMachine
type Actor = ActorRefFrom<Logic>
type T = ReturnType<typeof useT>['t']

/** Whether the change being sent is about this background (its tile shows it busy). */
const isAbout = (request: BackgroundRequest | null, id: number) =>
  request !== null && 'id' in request && request.id === id

/**
 * `/room_background` (issue #21): the room owner's backgrounds — which one the room shows, the
 * favourites a new live draws from, whether the current one is fixed, and a reset to none.
 */
export function RoomBackgroundPage({ logic }: { logic: Logic }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('loadFailed'),
      noRoom: s.matches('noRoom'),
      saving: s.matches('saving'),
      answer: s.context.answer,
      request: s.context.request,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('roomBackground.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('roomBackground.loadFailed')}
        onRetry={() => actor.send({ type: 'background.retry' })}
      />
    )
  }
  if (view.noRoom) {
    return (
      <section className="room-bg" aria-labelledby="room-bg-title">
        <h1 id="room-bg-title">{t('roomBackground.title')}</h1>
        <p className="room-bg__note" data-testid="room-bg-no-room">
          {t('roomBackground.noRoom')}
        </p>
        <Link to="/mypage" className="link-button">
          {t('roomBackground.backToMypage')}
        </Link>
      </section>
    )
  }
  const answer = view.answer
  if (view.loading || !answer) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="room-bg" aria-labelledby="room-bg-title" aria-busy={view.saving}>
      <h1 id="room-bg-title">{t('roomBackground.title')}</h1>
      <p className="room-bg__note">{t('roomBackground.about')}</p>
      <div
        className="room-bg__preview"
        style={
          answer.background_image_url
            ? { backgroundImage: `url("${answer.background_image_url}")` }
            : undefined
        }
      >
        <p>
          {answer.current_id === null
            ? t('roomBackground.currentNone')
            : t('roomBackground.currentIs', {
                name: answer.backgrounds.find((b) => b.is_current)?.name ?? '',
              })}
        </p>
      </div>
      <div className="room-bg__controls">
        <label className="room-bg__switch">
          <input
            type="checkbox"
            role="switch"
            checked={answer.is_fixed}
            disabled={view.saving}
            onChange={(e) =>
              actor.send({ type: 'background.fix', isFixed: e.currentTarget.checked })
            }
          />
          <span>{t('roomBackground.fixed')}</span>
        </label>
        <p className="room-bg__note">
          {answer.is_fixed ? t('roomBackground.fixedOn') : t('roomBackground.fixedOff')}
        </p>
        <button
          type="button"
          className="button button--ghost"
          disabled={view.saving || answer.current_id === null}
          onClick={() => actor.send({ type: 'background.reset' })}
        >
          {t('roomBackground.reset')}
        </button>
      </div>
      {answer.backgrounds.length === 0 ? (
        <p className="room-bg__note" data-testid="room-bg-empty">
          {t('roomBackground.empty')}
        </p>
      ) : (
        <ul className="room-bg__grid" aria-label={t('roomBackground.owned')}>
          {answer.backgrounds.map((b) => (
            <Tile
              key={b.id}
              background={b}
              actor={actor}
              t={t}
              saving={view.saving}
              busy={isAbout(view.request, b.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function Tile({
  background: b,
  actor,
  t,
  saving,
  busy,
}: {
  background: RoomBackground
  actor: Actor
  t: T
  saving: boolean
  busy: boolean
}) {
  return (
    <li className="room-bg__tile" aria-busy={busy} data-current={b.is_current}>
      <img src={b.image_url} alt="" loading="lazy" width={320} height={180} />
      <div className="room-bg__body">
        <p className="room-bg__name">
          <span className="room-bg__rarity">{b.rarity}</span> {b.name}
        </p>
        {b.is_current && <p className="room-bg__current">{t('roomBackground.current')}</p>}
        <div className="room-bg__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={saving || b.is_current}
            onClick={() => actor.send({ type: 'background.choose', id: b.id })}
          >
            {b.is_current ? t('roomBackground.inUse') : t('roomBackground.use')}
          </button>
          <button
            type="button"
            className="button button--ghost room-bg__fav"
            aria-pressed={b.is_favorite}
            disabled={saving}
            aria-label={t(b.is_favorite ? 'roomBackground.unfavorite' : 'roomBackground.favorite', {
              name: b.name,
            })}
            onClick={() =>
              actor.send({ type: 'background.favorite', id: b.id, isFavorite: !b.is_favorite })
            }
          >
            <span aria-hidden="true">{b.is_favorite ? '★' : '☆'}</span>
          </button>
        </div>
      </div>
    </li>
  )
}
