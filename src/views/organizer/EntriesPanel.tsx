import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { OrganizerEntry } from '../../contract/event-entry.ts'
import { useT } from '../app-context.tsx'
import type { OrganizerActor } from './types.ts'

/** An event's applications: approve one (into a division for a block event) or refuse it. */
export function EntriesPanel({ actor }: { actor: OrganizerActor }) {
  const { t } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      loading: s.matches({ entries: 'loading' }),
      deciding: s.context.deciding?.roomId ?? null,
      entries: s.context.entries,
      event: s.context.events.find((e) => e.event_id === s.context.eventId) ?? null,
    }),
    shallowEqual,
  )
  return (
    <section className="organizer" aria-labelledby="organizer-entries-title">
      <h1 id="organizer-entries-title">
        {t('organizer.entriesTitle', { name: view.event?.name ?? '' })}
      </h1>
      <button
        type="button"
        className="button button--ghost organizer__new"
        onClick={() => actor.send({ type: 'entries.close' })}
      >
        {t('organizer.back')}
      </button>
      {view.loading ? (
        <p aria-busy="true">{t('common.loading')}</p>
      ) : view.entries.length === 0 ? (
        <p>{t('organizer.noEntries')}</p>
      ) : (
        <ul className="organizer__list">
          {view.entries.map((entry) => (
            <EntryRow
              key={entry.room_id}
              entry={entry}
              actor={actor}
              blocks={view.event?.blocks ?? []}
              busy={view.deciding === entry.room_id}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function EntryRow({
  entry,
  actor,
  blocks,
  busy,
}: {
  entry: OrganizerEntry
  actor: OrganizerActor
  blocks: readonly string[]
  busy: boolean
}) {
  const { t } = useT()
  const reason = useSelector(actor, (s) => s.context.reasons[entry.room_id] ?? '')
  const block = useSelector(actor, (s) => s.context.blocks[entry.room_id])
  const roomId = entry.room_id
  return (
    <li className="organizer__card" data-testid="organizer-entry">
      <h2>
        <Link to="/r/$roomUrlKey" params={{ roomUrlKey: entry.room_url_key }}>
          {entry.room_name}
        </Link>
      </h2>
      <p className="organizer__meta">
        {t('organizer.followers', { count: entry.follower_num })} ·{' '}
        <strong>{t(`event.entryStatus.${entry.status}`)}</strong>
        {entry.refused_reason && ` — ${entry.refused_reason}`}
      </p>
      {entry.status !== 'approved' && (
        <div className="organizer__decide">
          {blocks.length > 0 && (
            <label className="field">
              <span className="field__label">{t('organizer.block')}</span>
              <select
                className="field__input"
                value={block ?? ''}
                onChange={(e) =>
                  actor.send({ type: 'entry.block', roomId, blockId: Number(e.target.value) })
                }
              >
                <option value="" disabled>
                  {t('organizer.chooseBlock')}
                </option>
                {blocks.map((label, i) => (
                  <option key={label} value={i + 1}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={busy || (blocks.length > 0 && block === undefined)}
            onClick={() => actor.send({ type: 'entry.approve', roomId })}
          >
            {t('organizer.approve')}
          </button>
          {entry.status === 'applied' && (
            <>
              <label className="field">
                <span className="field__label">{t('organizer.reason')}</span>
                <input
                  className="field__input"
                  value={reason}
                  maxLength={200}
                  onChange={(e) =>
                    actor.send({ type: 'entry.reason', roomId, reason: e.target.value })
                  }
                />
              </label>
              <button
                type="button"
                className="button button--ghost"
                disabled={busy || reason.trim() === ''}
                onClick={() => actor.send({ type: 'entry.refuse', roomId })}
              >
                {t('organizer.refuse')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  )
}
