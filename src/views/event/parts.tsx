import { Link } from '@tanstack/react-router'
import type { EventRankingAnswer } from '../../contract/event.ts'
import type {
  EventOnliveRoomsAnswer,
  EventPhase,
  EventResultAnswer,
} from '../../contract/event-pages.ts'
import { useT } from '../app-context.tsx'

/** Whole days, then hh:mm:ss, of the time left (never negative). */
export function countdownParts(leftMs: number) {
  const s = Math.max(0, Math.floor(leftMs / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    days: Math.floor(s / 86_400),
    clock: `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`,
  }
}

/** The countdown to the start or the end, as a live timer for assistive technology too. */
export function Countdown({
  phase,
  atMs,
  nowMs,
}: {
  phase: EventPhase
  atMs: number
  nowMs: number
}) {
  const { t } = useT()
  const { days, clock } = countdownParts(atMs - nowMs)
  return (
    <p className="event__countdown" role="timer" data-testid="event-countdown">
      {t(phase === 'upcoming' ? 'event.startsIn' : 'event.endsIn', { days, clock })}
    </p>
  )
}

/**
 * The ranking page: each room's rank, points and the gap to the room above (what its fans climb
 * by), rooms on air marked. Points of rows on other pages are not known here: the first row of
 * a later page shows no gap.
 */
export function RankingTable({
  ranking,
  onPage,
  busy,
}: {
  ranking: EventRankingAnswer
  onPage: (page: number) => void
  busy: boolean
}) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  if (ranking.ranking.length === 0) return <p>{t('event.noEntries')}</p>
  return (
    <>
      <ol className="event-ranking" aria-busy={busy} data-testid="event-ranking">
        {ranking.ranking.map((row, i) => {
          const above = ranking.ranking[i - 1]
          return (
            <li key={row.room_id} className="event-ranking__row" data-room-id={row.room_id}>
              <span className="event-ranking__rank" data-testid="ranking-rank">
                {t('room.eventRank', { rank: row.rank })}
              </span>
              <img src={row.room_image} alt="" width={48} height={48} loading="lazy" />
              <span className="event-ranking__room">
                <Link to="/r/$roomUrlKey" params={{ roomUrlKey: row.room_url_key }}>
                  {row.room_name}
                </Link>
                {row.is_on_live && <span className="event__live">{t('event.onAir')}</span>}
              </span>
              {ranking.is_point_visible_period && (
                <span className="event-ranking__points">
                  <span data-testid="ranking-point">
                    {t('event.points', { point: number(row.point) })}
                  </span>
                  {above && (
                    <span className="event-ranking__gap" data-testid="ranking-gap">
                      {t('event.gapAbove', { gap: number(above.point - row.point) })}
                    </span>
                  )}
                </span>
              )}
            </li>
          )
        })}
      </ol>
      {ranking.last_page > 1 && (
        <nav className="event__pager" aria-label={t('event.pages')}>
          <button
            type="button"
            className="button button--ghost"
            disabled={ranking.previous_page === null}
            onClick={() => ranking.previous_page && onPage(ranking.previous_page)}
          >
            {t('event.previous')}
          </button>
          <span>
            {ranking.current_page} / {ranking.last_page}
          </span>
          <button
            type="button"
            className="button button--ghost"
            disabled={ranking.next_page === null}
            onClick={() => ranking.next_page && onPage(ranking.next_page)}
          >
            {t('event.next')}
          </button>
        </nav>
      )}
    </>
  )
}

/** The event's rooms on air now, best ranked first. */
export function OnliveRooms({ onlives }: { onlives: EventOnliveRoomsAnswer['onlives'] }) {
  const { t } = useT()
  if (onlives.length === 0) return <p>{t('event.noneOnAir')}</p>
  return (
    <ul className="event-onlives">
      {onlives.map((room) => (
        <li key={room.room_id}>
          <Link to="/r/$roomUrlKey" params={{ roomUrlKey: room.room_url_key }}>
            <img src={room.image} alt="" width={160} height={90} loading="lazy" />
            <span className="event-onlives__name">{room.room_name}</span>
            <span className="event-onlives__rank">{t('room.eventRank', { rank: room.rank })}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** The frozen final ranking with what each room earned. */
export function FinalResult({ result }: { result: EventResultAnswer }) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  return (
    <section className="event__section" aria-labelledby="event-result">
      <h2 id="event-result">{t('event.result')}</h2>
      <ol className="event-ranking" data-testid="event-result">
        {result.ranking.map((row) => (
          <li key={row.room_id} className="event-ranking__row">
            <span className="event-ranking__rank">{t('room.eventRank', { rank: row.rank })}</span>
            <span className="event-ranking__room">{row.room_name}</span>
            <span className="event-ranking__points">
              {t('event.points', { point: number(row.point) })}
              {row.reward && <span className="event-ranking__gap">{row.reward}</span>}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
