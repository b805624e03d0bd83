import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { OrganizerEvent } from '../../contract/event-entry.ts'
import type { organizerEventsMachine } from '../../machines/organizer/organizer-events.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import { EntriesPanel } from './EntriesPanel.tsx'
import { EventFormPanel } from './EventFormPanel.tsx'
import type { OrganizerActor } from './types.ts'
import './organizer.css'

/**
 * `/organizer/events` (auth-organizer): the organizer's events with their entries waiting, a
 * form to create or edit one, and each event's applications to approve or refuse.
 */
export function OrganizerEventsPage({
  logic,
  nowMs,
}: {
  logic: typeof organizerEventsMachine
  nowMs: number
}) {
  const { t } = useT()
  const actor: OrganizerActor = usePageActor(logic, { input: { nowMs } })
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches('loading'),
      failed: s.matches('failed'),
      form: s.matches('form'),
      entries: s.matches('entries'),
      events: s.context.events,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('organizer.title'))
  if (view.failed) {
    return (
      <LoadFailed
        message={t('organizer.loadFailed')}
        onRetry={() => actor.send({ type: 'organizer.retry' })}
      />
    )
  }
  if (view.loading) return <p aria-busy="true">{t('common.loading')}</p>
  if (view.form) return <EventFormPanel actor={actor} />
  if (view.entries) return <EntriesPanel actor={actor} />
  return (
    <section className="organizer" aria-labelledby="organizer-title">
      <h1 id="organizer-title">{t('organizer.title')}</h1>
      <div className="organizer__top">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'form.new' })}
        >
          {t('organizer.new')}
        </button>
        <Link to="/invoice" className="button button--ghost">
          {t('organizer.invoice')}
        </Link>
        <Link to="/organizer/rooms" className="button button--ghost">
          {t('organizer.rooms')}
        </Link>
      </div>
      {view.events.length === 0 ? (
        <p>{t('organizer.none')}</p>
      ) : (
        <ul className="organizer__list">
          {view.events.map((event) => (
            <EventCard key={event.event_id} event={event} actor={actor} />
          ))}
        </ul>
      )}
    </section>
  )
}

function EventCard({ event, actor }: { event: OrganizerEvent; actor: OrganizerActor }) {
  const { t, locale } = useT()
  const at = (iso: string) => formatTokyo(Date.parse(iso) / 1000, locale)
  return (
    <li className="organizer__card" data-testid="organizer-event">
      <h2>{event.name}</h2>
      <p className="organizer__meta">
        {at(event.started_at)} – {at(event.ended_at)}
      </p>
      <p className="organizer__meta">
        {t('organizer.counts', {
          applied: event.counts.applied,
          approved: event.counts.approved,
          refused: event.counts.refused,
        })}
      </p>
      <div className="organizer__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'entries.open', eventId: event.event_id })}
        >
          {t('organizer.entries')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'form.edit', eventId: event.event_id })}
        >
          {t('organizer.edit')}
        </button>
        <Link
          className="button button--ghost"
          to="/lp/toranomaki/event_sample/$id"
          params={{ id: event.event_id }}
        >
          {t('organizer.preview')}
        </Link>
      </div>
    </li>
  )
}
