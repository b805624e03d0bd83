import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { eventMachine } from '../../machines/event/event.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed, StatusPage } from '../components/StatusBlocks.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { formatTokyo } from '../tokyo-time.ts'
import './event.css'

/**
 * `/event/confirmation/{id}`: the event's conditions and terms, then the owner applies — the
 * entry is recorded as applied (the organizer decides), or the page says why it cannot be.
 */
export function ConfirmationPage({
  logic,
  eventId,
  nowMs,
}: {
  logic: typeof eventMachine
  eventId: number
  nowMs: number
}) {
  const { t, locale } = useT()
  const actor = usePageActor(logic, { input: { eventRef: eventId, view: 'confirmation', nowMs } })
  const view = useSelector(
    actor,
    (s) => ({
      failed: s.matches('failed'),
      notFound: s.matches('notFound'),
      data: s.context.data?.view === 'confirmation' ? s.context.data : null,
      agreed: s.context.agreed,
      refusal: s.context.refusal,
      applying: s.matches({ shown: { entry: 'applying' } }),
      applied: s.matches({ shown: { entry: 'applied' } }),
      refused: s.matches({ shown: { entry: 'refused' } }),
    }),
    shallowEqual,
  )
  const { data } = view
  useDocumentTitle(data ? data.confirmation.event_name : t('event.confirmTitle'))

  if (view.notFound) return <StatusPage code={404} title={t('event.notFound')} />
  if (view.failed && !data) {
    return (
      <LoadFailed
        message={t('event.loadFailed')}
        onRetry={() => actor.send({ type: 'event.retry' })}
      />
    )
  }
  if (!data) return <p aria-busy="true">{t('common.loading')}</p>

  const { confirmation: head, terms, entry } = data
  const backToEvent = (
    <Link
      to="/event/$eventUrlKey"
      params={{ eventUrlKey: head.event_url.split('/').pop() ?? '' }}
      className="button button--ghost"
    >
      {t('event.backToEvent')}
    </Link>
  )
  return (
    <article className="event" aria-labelledby="confirm-title">
      <p className="event__crumbs">{backToEvent}</p>
      <h1 id="confirm-title">{t('event.confirmHeading', { name: head.event_name })}</h1>
      <dl className="event__facts">
        <dt>{t('event.periodLabel')}</dt>
        <dd>
          {formatTokyo(head.started_at, locale)} – {formatTokyo(head.ended_at, locale)}
        </dd>
        <dt>{t('event.entryWindowLabel')}</dt>
        <dd>
          {formatTokyo(head.entry_started_at, locale)} – {formatTokyo(head.entry_ended_at, locale)}
        </dd>
        <dt>{t('event.conditionsLabel')}</dt>
        <dd>
          {head.conditions.min_follower_num === 0 && head.conditions.min_grade_id === 0
            ? t('event.anyRoom')
            : [
                head.conditions.min_follower_num > 0 &&
                  t('event.followersAtLeast', { count: head.conditions.min_follower_num }),
                head.conditions.min_grade_id > 0 &&
                  t('event.gradeAtLeast', { grade: head.conditions.min_grade_name }),
              ]
                .filter(Boolean)
                .join(' / ')}
        </dd>
      </dl>
      <section className="event__section" aria-labelledby="terms-title">
        <h2 id="terms-title">{t('event.terms')}</h2>
        <div className="event__terms event__text" tabIndex={0}>
          {terms.terms || t('event.noTerms')}
        </div>
        {terms.rewards && (
          <>
            <h3>{t('event.rewards')}</h3>
            <p className="event__text">{terms.rewards}</p>
          </>
        )}
      </section>

      {view.applied || entry?.entry ? (
        <p className="event__done" role="status" data-testid="entry-status">
          {t(`event.entryStatus.${entry?.entry?.status ?? 'applied'}`)}
        </p>
      ) : entry === null ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'entry.login' })}
        >
          {t('event.loginToEnter')}
        </button>
      ) : !entry.can_apply ? (
        <p role="alert" data-testid="entry-reason">
          {entry.reason}
        </p>
      ) : (
        <form
          className="event__apply"
          onSubmit={(e) => {
            e.preventDefault()
            actor.send({ type: 'entry.apply' })
          }}
        >
          <label className="event__agree">
            <input
              type="checkbox"
              checked={view.agreed}
              onChange={(e) => actor.send({ type: 'entry.agree', agreed: e.target.checked })}
            />
            {t('event.agree')}
          </label>
          <button
            type="submit"
            className="button button--primary"
            disabled={!view.agreed || view.applying}
            aria-busy={view.applying}
          >
            {t('event.apply')}
          </button>
        </form>
      )}
      {view.refused && (
        <div role="alert" className="event__refusal">
          <p>{view.refusal}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'entry.dismiss' })}
          >
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {view.applied && <Link to="/">{t('common.backHome')}</Link>}
    </article>
  )
}
