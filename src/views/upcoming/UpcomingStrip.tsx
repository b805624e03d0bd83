import { useSelector } from '@xstate/react'
import { RoomLink } from '../components/RoomLink.tsx'
import { scheduleText } from '../../domain/schedule.ts'
import type { upcomingMachine } from '../../machines/upcoming/upcoming.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import './upcoming.css'

/**
 * The home page's strip of lives to come (Tokyo time, as the follow page shows them): a row
 * that scrolls sideways, soonest first; a followed room is marked. Nothing shows while there is
 * none; a failed load says so with a retry.
 */
export function UpcomingStrip({ logic }: { logic: typeof upcomingMachine }) {
  const { t } = useT()
  const actor = usePageActor(logic)
  const lives = useSelector(actor, (s) => s.context.lives)
  const failed = useSelector(actor, (s) => s.matches('failed'))

  if (failed)
    return (
      <p className="upcoming__failed" role="status">
        {t('home.upcomingFailed')}{' '}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'upcoming.retry' })}
        >
          {t('common.retry')}
        </button>
      </p>
    )
  if (lives.length === 0) return null
  return (
    <section className="upcoming" aria-labelledby="upcoming-title">
      <h2 id="upcoming-title" className="genre__title">
        {t('home.upcoming')}
      </h2>
      <ul className="upcoming__list" data-scrolls-x="">
        {lives.map((live) => (
          <li key={live.room_id} className="upcoming__item">
            <RoomLink roomUrlKey={live.room_url_key} className="upcoming__link">
              <img src={live.image} alt="" width={160} height={90} loading="lazy" />
              <time
                className="upcoming__time"
                dateTime={new Date(live.started_at * 1000).toISOString()}
              >
                {scheduleText(live.started_at * 1000)}
              </time>
              <strong className="upcoming__name">{live.main_name}</strong>
              {live.title !== '' && <span className="upcoming__title">{live.title}</span>}
              {live.is_follow && (
                <span className="upcoming__follow">{t('home.upcomingFollowing')}</span>
              )}
            </RoomLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
