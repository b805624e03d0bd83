import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { OrganizerRoom } from '../../contract/navigator.ts'
import { formatCompactCount } from '../../domain/compact-count.ts'
import type { organizerRoomsMachine } from '../../machines/navigator/organizer-rooms.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { FieldShell, errorAttributes, useFocusFirstInvalid } from '../shop/FieldShell.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import './navigator.css'

type RoomsActor = ActorRefFrom<typeof organizerRoomsMachine>

/**
 * `/organizer/rooms` (auth-organizer, issue #23): the rooms linked to the organizer (asked or
 * accepted), who is on air, each room's last lives with their gift points and gifters; a form
 * asks to link one more by its room_url_key; an accepted room opens its navigators' rights.
 */
export function OrganizerRoomsPage({ logic }: { logic: typeof organizerRoomsMachine }) {
  const { t } = useT()
  const actor: RoomsActor = usePageActor(logic)
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      answer: s.context.answer,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('organizerRooms.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('organizerRooms.loadFailed')}
        onRetry={() => actor.send({ type: 'rooms.retry' })}
      />
    )
  }
  if (view.loading || !view.answer) return <p aria-busy="true">{t('common.loading')}</p>
  return (
    <section className="navigator" aria-labelledby="organizer-rooms-title">
      <h1 id="organizer-rooms-title">{t('organizerRooms.title')}</h1>
      <div className="navigator__top">
        <Link to="/organizer/events" className="button button--ghost">
          {t('organizerRooms.events')}
        </Link>
      </div>
      <LinkForm actor={actor} />
      {view.answer.rooms.length === 0 ? (
        <p>{t('organizerRooms.none')}</p>
      ) : (
        <ul className="navigator__list">
          {view.answer.rooms.map((room) => (
            <RoomCard key={room.room_id} room={room} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** Asks to link a room by its room_url_key; a refusal says why by the field, the text kept. */
function LinkForm({ actor }: { actor: RoomsActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      key: s.context.roomUrlKey,
      error: s.context.keyError,
      sending: s.matches('linking'),
    }),
    shallowEqual,
  )
  const errors = view.error ? { room_url_key: view.error } : {}
  const { form, submitted } = useFocusFirstInvalid(errors)
  const id = 'organizer-room-key'
  const error = view.error ? t(view.error) : undefined
  return (
    <form
      ref={form}
      className="navigator__card navigator__form"
      noValidate
      aria-busy={view.sending}
      onSubmit={(e) => {
        e.preventDefault()
        submitted()
        actor.send({ type: 'link.submit' })
      }}
    >
      <h2>{t('organizerRooms.linkTitle')}</h2>
      <p className="navigator__meta">{t('organizerRooms.linkHelp')}</p>
      <FieldShell id={id} label={t('organizerRooms.key')} error={error}>
        <input
          id={id}
          className="field__input"
          value={view.key}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => actor.send({ type: 'link.change', value: e.currentTarget.value })}
          {...errorAttributes(id, error)}
        />
      </FieldShell>
      <button type="submit" className="button button--primary" disabled={view.sending}>
        {t('organizerRooms.link')}
      </button>
    </form>
  )
}

function RoomCard({ room }: { room: OrganizerRoom }) {
  const { t, locale } = useT()
  return (
    <li className="navigator__card" data-testid="organizer-room" data-room-id={room.room_id}>
      <div className="navigator__room">
        <img src={room.image} alt="" width={64} height={64} loading="lazy" />
        <div>
          <h2>{room.room_name}</h2>
          <p className="navigator__meta">
            <span
              className={`navigator__status navigator__status--${room.status}`}
              data-testid="organizer-room-status"
            >
              {t(`organizerRooms.status.${room.status}`)}
            </span>
            {room.is_live && (
              <span className="navigator__onair" data-testid="organizer-room-onair">
                {t('organizerRooms.onAir')}
              </span>
            )}
          </p>
        </div>
      </div>
      {room.status === 'accepted' && (
        <>
          {room.recent_lives.length === 0 ? (
            <p className="navigator__meta">{t('organizerRooms.noLives')}</p>
          ) : (
            <table className="navigator__lives">
              <caption>{t('organizerRooms.recentLives')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('organizerRooms.liveDate')}</th>
                  <th scope="col">{t('organizerRooms.giftPoints')}</th>
                  <th scope="col">{t('organizerRooms.gifters')}</th>
                </tr>
              </thead>
              <tbody>
                {room.recent_lives.map((live) => (
                  <tr key={live.live_id}>
                    <td>{formatTokyo(live.started_at, locale)}</td>
                    <td>{formatCompactCount(live.gift_points, locale)}</td>
                    <td>{formatCompactCount(live.gifters, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="navigator__actions">
            <Link
              to="/r/$roomUrlKey"
              params={{ roomUrlKey: room.room_url_key }}
              className="button button--ghost"
            >
              {t('organizerRooms.open')}
            </Link>
            <Link
              to="/organizer/room/$roomId/navigator-permissions"
              params={{ roomId: room.room_id }}
              className="button button--primary"
            >
              {t('organizerRooms.navigators')}
            </Link>
          </div>
        </>
      )}
    </li>
  )
}
