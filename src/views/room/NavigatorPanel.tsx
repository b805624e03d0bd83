import { useSelector } from '@xstate/react'
import { formatCompactCount } from '../../domain/compact-count.ts'
import type { ownerMachine } from '../../machines/owner/owner.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import { LiveControls, type OwnerActor } from './LiveControls.tsx'
import type { RoomActor, WelcomeActor } from './types.ts'
import './owner.css'

/**
 * The figures a navigator with `stats` sees: viewers now, the room's followers, and the last
 * ended live in numbers (`/api/show_rank/live_result`).
 */
function LiveStats({ room, actor }: { room: RoomActor; actor: OwnerActor }) {
  const { t, locale } = useT()
  const viewers = useSelector(room, (s) => s.context.viewers)
  const followers = useSelector(room, (s) => s.context.room.followerNum)
  const last = useSelector(actor, (s) => s.context.lastLive)
  const n = (value: number) => formatCompactCount(value, locale)
  return (
    <dl className="owner__stream" data-testid="tool-stats">
      <dt>{t('navigatorPanel.viewers')}</dt>
      <dd>{viewers === null ? '—' : n(viewers)}</dd>
      <dt>{t('navigatorPanel.followers')}</dt>
      <dd>{n(followers)}</dd>
      {last && (
        <>
          <dt>{t('navigatorPanel.lastLive')}</dt>
          <dd>{formatTokyo(last.started_at, locale)}</dd>
          <dt>{t('navigatorPanel.lastViewers')}</dt>
          <dd>{n(last.viewers)}</dd>
          <dt>{t('navigatorPanel.lastComments')}</dt>
          <dd>{n(last.comments)}</dd>
          <dt>{t('navigatorPanel.lastPoints')}</dt>
          <dd>{n(last.paid_points)}</dd>
          <dt>{t('navigatorPanel.lastFollowers')}</dt>
          <dd>{n(last.new_followers)}</dd>
        </>
      )}
    </dl>
  )
}

/**
 * A navigator's panel in the room (issue #23): the owner panel's own tools, only those of the
 * rights the organizer granted, marked as navigator tools. A call refused because a right was
 * revoked shows the server's message and reads the rights again (the owner machine does both).
 */
export function NavigatorPanel({
  logic,
  room,
  roomId,
  liveId,
  telop,
  welcome,
}: {
  logic: typeof ownerMachine
  room: RoomActor
  roomId: number
  liveId: number
  telop: string
  welcome: WelcomeActor | undefined
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { roomId, liveId, telop, navigator: true } })
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  )
  const rights = useSelector(actor, (s) => s.context.rights)
  return (
    <section
      className="owner owner--navigator"
      aria-labelledby="navigator-title"
      data-testid="navigator-panel"
    >
      <h2 id="navigator-title">
        {t('navigatorPanel.title')} <span className="owner__mark">{t('navigatorPanel.mark')}</span>
      </h2>
      <p className="field__hint">{t('navigatorPanel.lead')}</p>
      {status === 'loading' && <p aria-busy="true">{t('common.loading')}</p>}
      {status === 'failed' && (
        <div role="alert">
          <p>{t('owner.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'owner.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && rights.length === 0 && <p>{t('navigatorPanel.none')}</p>}
      {status === 'ready' && rights.length > 0 && (
        <>
          {liveId > 0 ? (
            <LiveControls actor={actor} welcome={welcome} rights={rights} />
          ) : (
            <p>{t('navigatorPanel.offAir')}</p>
          )}
          {rights.includes('moderate') && (
            <p className="field__hint" data-testid="tool-moderate">
              {t('navigatorPanel.moderate')}
            </p>
          )}
          {rights.includes('stats') && <LiveStats room={room} actor={actor} />}
        </>
      )}
    </section>
  )
}
