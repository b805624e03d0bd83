import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { CanApplyAnswer } from '../../contract/event-entry.ts'
import type { eventMachine } from '../../machines/event/event.machine.ts'
import { nextMomentMs } from '../../machines/event/event.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed, StatusPage } from '../components/StatusBlocks.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { formatTokyo } from '../tokyo-time.ts'
import { Countdown, FinalResult, OnliveRooms, RankingTable } from './parts.tsx'
import './event.css'

/**
 * `/event/{event_url_key}` (and an organizer's `/lp/toranomaki/event_sample/{id}`, `sample`):
 * the banner, the period with a countdown, the live ranking, the rooms on air, what it is about
 * and what it rewards, and the entry button for an owner whose room may enter.
 */
export function EventPage({
  logic,
  eventRef,
  nowMs,
  sample = false,
}: {
  logic: typeof eventMachine
  eventRef: string | number
  nowMs: number
  sample?: boolean
}) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { eventRef, view: 'page', nowMs } })
  const view = useSelector(
    actor,
    (s) => ({
      failed: s.matches('failed'),
      notFound: s.matches('notFound'),
      data: s.context.data?.view === 'page' ? s.context.data : null,
      now: s.context.nowMs,
      refreshing:
        s.matches({ shown: { ranking: 'loadingPage' } }) ||
        s.matches({ shown: { ranking: { live: 'refreshing' } } }),
    }),
    shallowEqual,
  )
  const { data } = view
  useDocumentTitle(data ? data.abstraction.event_name : t('event.title'))

  if (view.notFound) {
    return (
      <StatusPage code={404} title={t('event.notFound')}>
        <Link to="/" className="button button--primary">
          {t('common.backHome')}
        </Link>
      </StatusPage>
    )
  }
  if (view.failed && !data) {
    return (
      <LoadFailed
        message={t('event.loadFailed')}
        onRetry={() => actor.send({ type: 'event.retry' })}
      />
    )
  }
  if (!data) return <p aria-busy="true">{t('common.loading')}</p>

  const { abstraction: head, description, entry } = data
  const moment = nextMomentMs(data)
  return (
    <article className="event" aria-labelledby="event-title">
      {sample && (
        <p className="event__sample" role="note">
          {t('event.sample')}
        </p>
      )}
      {head.image && (
        <img className="event__banner" src={head.image} alt="" width={960} height={320} />
      )}
      <h1 id="event-title">{head.event_name}</h1>
      <p className="event__meta">
        <span className={`event__phase event__phase--${head.phase}`} data-testid="event-phase">
          {t(`event.phase.${head.phase}`)}
        </span>{' '}
        {t('event.period', {
          from: formatTokyo(head.started_at, locale),
          until: formatTokyo(head.ended_at, locale),
        })}
      </p>
      {moment !== null && <Countdown phase={head.phase} atMs={moment} nowMs={view.now} />}
      {head.phase === 'ended' && <p className="event__countdown">{t('event.counting')}</p>}

      <EntryButton eventId={head.event_id} entry={entry} open={head.is_entry_open} />

      {data.result && <FinalResult result={data.result} />}

      <section className="event__section" aria-labelledby="event-ranking-title">
        <h2 id="event-ranking-title">
          {t('event.ranking')} <small>{t('event.entries', { count: head.total_entries })}</small>
        </h2>
        <RankingTable
          ranking={data.ranking}
          busy={view.refreshing}
          onPage={(page) => actor.send({ type: 'ranking.page', page })}
        />
      </section>

      {head.phase === 'ongoing' && (
        <section className="event__section" aria-labelledby="event-onlives">
          <h2 id="event-onlives">{t('event.onAirTitle')}</h2>
          <OnliveRooms onlives={data.onlives} />
        </section>
      )}

      <section className="event__section" aria-labelledby="event-about">
        <h2 id="event-about">{t('event.about')}</h2>
        <p className="event__text">{description.description}</p>
        {description.rewards && (
          <>
            <h3>{t('event.rewards')}</h3>
            <p className="event__text">{description.rewards}</p>
          </>
        )}
        {description.conditions.min_follower_num > 0 && (
          <p>{t('event.minFollowers', { count: description.conditions.min_follower_num })}</p>
        )}
        {description.conditions.min_grade_id > 0 && (
          <p>{t('event.minGrade', { grade: description.conditions.min_grade_name })}</p>
        )}
        <p>
          {t('event.entryWindow', {
            from: formatTokyo(head.entry_started_at, locale),
            until: formatTokyo(head.entry_ended_at, locale),
          })}
        </p>
      </section>
    </article>
  )
}

/** Where the caller stands with entering: the way in, their entry's state, or why not. */
function EntryButton({
  eventId,
  entry,
  open,
}: {
  eventId: number
  entry: CanApplyAnswer | null
  open: boolean
}) {
  const { t } = useT()
  if (entry?.entry) {
    return (
      <p className="event__entry" data-testid="entry-status">
        {t(`event.entryStatus.${entry.entry.status}`)}
        {entry.entry.refused_reason && ` — ${entry.entry.refused_reason}`}
      </p>
    )
  }
  if (entry?.can_apply) {
    return (
      <Link
        to="/event/confirmation/$id"
        params={{ id: eventId }}
        className="button button--primary event__entry"
      >
        {t('event.enter')}
      </Link>
    )
  }
  if (!open) return null
  return entry?.reason ? <p className="event__entry">{entry.reason}</p> : null
}
