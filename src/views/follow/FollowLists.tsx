import type { FollowSchedule, FollowedRoom } from '../../contract/follow.ts'
import { RoomLink } from '../components/RoomLink.tsx'
import { useT } from '../app-context.tsx'
import { formatTokyoShort } from '../tokyo-time.ts'

/** One followed room: picture, name, on air or its last live, and its next live if set. */
function RoomRow({ room }: { room: FollowedRoom }) {
  const { t, locale } = useT()
  return (
    <li className="follow-row" data-testid="follow-room">
      <RoomLink className="room-row" roomUrlKey={room.room_url_key}>
        <img className="room-row__image" src={room.image} alt="" width={96} height={54} />
        <span className="room-row__body">
          <strong className="room-row__name">{room.room_name}</strong>
          {room.is_online ? (
            <span className="follow-row__live">{t('room.onAir')}</span>
          ) : (
            <span className="follow-row__meta">
              {room.last_lived_at === null
                ? t('follow.neverLive')
                : t('follow.lastLive', { date: formatTokyoShort(room.last_lived_at, locale) })}
            </span>
          )}
          {room.next_live && (
            <span className="follow-row__next">
              {t('follow.nextLive', {
                date: formatTokyoShort(room.next_live.starts_at, locale),
                title: room.next_live.title,
              })}
            </span>
          )}
        </span>
      </RoomLink>
    </li>
  )
}

/** Every followed room loaded so far, on air first (the server's order). */
export function RoomList({ rooms }: { rooms: FollowedRoom[] }) {
  return (
    <ul className="room-list">
      {rooms.map((r) => (
        <RoomRow key={r.room_id} room={r} />
      ))}
    </ul>
  )
}

/** The followed rooms' next lives, soonest first, in Tokyo time. */
export function ScheduleList({ schedules }: { schedules: FollowSchedule[] }) {
  const { locale } = useT()
  return (
    <ul className="room-list">
      {schedules.map((s) => (
        <li key={s.room_id} className="follow-row" data-testid="follow-schedule">
          <RoomLink className="room-row" roomUrlKey={s.room_url_key}>
            <img className="room-row__image" src={s.image} alt="" width={96} height={54} />
            <span className="room-row__body">
              <time
                className="follow-row__when"
                dateTime={new Date(s.starts_at * 1000).toISOString()}
              >
                {formatTokyoShort(s.starts_at, locale)}
              </time>
              <strong className="room-row__name">{s.room_name}</strong>
              {s.title && <span className="follow-row__meta">{s.title}</span>}
            </span>
          </RoomLink>
        </li>
      ))}
    </ul>
  )
}
