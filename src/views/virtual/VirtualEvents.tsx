import { Link } from '@tanstack/react-router'
import type { VirtualEventsAnswer } from '../../contract/virtual.ts'
import { useT } from '../app-context.tsx'

/** `/virtual_liver/events`: the events for virtual livers, each a card to its event page. */
export function VirtualEvents({ events }: { events: VirtualEventsAnswer['events'] }) {
  const { t, locale } = useT()
  if (events.length === 0) return <p className="virtual__empty">{t('virtual.events.empty')}</p>
  const day = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Tokyo',
  })
  return (
    <ul className="virtual__events" data-testid="virtual-events">
      {events.map((e) => (
        <li key={e.event_id} className="virtual-event">
          <Link
            to="/event/$eventUrlKey"
            params={{ eventUrlKey: e.event_url_key }}
            className="virtual-event__link"
          >
            {e.image && <img src={e.image} alt="" width={320} height={120} loading="lazy" />}
            <span className={`virtual-event__status virtual-event__status--${e.status}`}>
              {t(`virtual.events.status.${e.status}`)}
            </span>
            <strong className="virtual-event__name">{e.event_name}</strong>
            <span className="virtual-event__period">
              {t('virtual.events.period', {
                from: day.format(new Date(e.started_at * 1000)),
                until: day.format(new Date(e.ended_at * 1000)),
              })}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
