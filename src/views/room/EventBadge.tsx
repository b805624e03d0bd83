import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import type { RoomActor } from './types.ts'

/**
 * The room's event (SPEC §3 Event): its name, the room's rank, the points to the room above and
 * when it ends (Tokyo time). It follows every gift that moves the room (t:203), so fans see what
 * one more gift would do.
 */
export function EventBadge({ room }: { room: RoomActor }) {
  const { t, locale } = useT()
  const event = useSelector(room, (s) => s.context.event)
  if (!event) return null
  const ends = new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Tokyo',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(event.endedAt * 1000))
  const points = new Intl.NumberFormat(locale).format(event.gap)
  return (
    <p className="room__event" data-testid="event-badge" aria-live="polite">
      <Link
        className="room__event-name"
        to="/event/$eventUrlKey"
        params={{ eventUrlKey: String(event.eventId) }}
      >
        {event.eventName}
      </Link>{' '}
      <strong className="room__event-rank" data-testid="event-rank">
        {t('room.eventRank', { rank: event.rank })}
      </strong>{' '}
      <span data-testid="event-gap">
        {event.rank === 1 ? t('room.eventTop') : t('room.eventGap', { gap: points })}
      </span>{' '}
      <span className="room__event-ends">{t('room.eventEnds', { date: ends })}</span>
    </p>
  )
}
