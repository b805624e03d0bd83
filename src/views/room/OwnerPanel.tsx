import { Link, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { formatCountdown } from '../../domain/regulation.ts'
import type { greetingMachine } from '../../machines/greeting/greeting.machine.ts'
import type { ingestStatusMachine } from '../../machines/ingest-status/ingest-status.machine.ts'
import type { RegulationActor, ownerMachine } from '../../machines/owner/owner.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import type { WelcomeActor } from './types.ts'
import { GreetingEditor } from './Greeting.tsx'
import { IngestStatusSection } from './IngestStatus.tsx'
import { ThemePicker } from '../liver-theme/RoomTheme.tsx'
import { LiveControls, type OwnerActor } from './LiveControls.tsx'
import './owner.css'

/** The streaming-window countdown of a regulated room (SPEC §4), with a warning near the end. */
function Countdown({ actor }: { actor: RegulationActor }) {
  const { t } = useT()
  const state = useSelector(actor, (s) =>
    s.matches('unrestricted')
      ? 'none'
      : s.matches({ restricted: 'closed' })
        ? 'closed'
        : s.matches({ restricted: 'ending' })
          ? 'ending'
          : 'open',
  )
  const remaining = useSelector(actor, (s) => s.context.remaining)
  if (state === 'none') return null
  const time = formatCountdown(remaining)
  return (
    <p
      className={state === 'open' ? 'owner__countdown' : 'owner__countdown owner__countdown--warn'}
      role={state === 'open' ? 'timer' : 'alert'}
      data-testid="regulation-countdown"
    >
      {state === 'closed'
        ? t('owner.closed')
        : state === 'ending'
          ? t('owner.ending', { time })
          : t('owner.remaining', { time })}
    </p>
  )
}

function Panel({
  actor,
  welcome,
  greetingLogic,
  ingestLogic,
}: {
  actor: OwnerActor
  welcome: WelcomeActor | undefined
  greetingLogic: typeof greetingMachine
  ingestLogic: typeof ingestStatusMachine
}) {
  const { t } = useT()
  const c = useSelector(actor, (s) => s.context)
  const regulation = useSelector(actor, (s) => s.children.regulation)
  const busy = (op: string) => c.pending === op
  return (
    <>
      {regulation && <Countdown actor={regulation} />}
      <dl className="owner__stream">
        <dt>{t('owner.streamUrl')}</dt>
        <dd>
          <code>{c.streamUrl}</code>
        </dd>
        {c.whipUrl && (
          <>
            <dt>{t('owner.whipUrl')}</dt>
            <dd>
              <code data-testid="whip-url">{c.whipUrl}</code>
            </dd>
          </>
        )}
        <dt>{t('owner.streamKey')}</dt>
        <dd>
          <code data-testid="stream-key">{c.revealed ? c.streamKey : t('owner.hidden')}</code>
          <button
            type="button"
            className="button button--ghost"
            aria-pressed={c.revealed}
            onClick={() => actor.send({ type: c.revealed ? 'key.hide' : 'key.reveal' })}
          >
            {c.revealed ? t('owner.hide') : t('owner.reveal')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'key.copy' })}
          >
            {t('owner.copy')}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy('rotateKey')}
            onClick={() => actor.send({ type: 'owner.do', call: { op: 'rotateKey' } })}
          >
            {t('owner.rotate')}
          </button>
        </dd>
      </dl>
      <p className="field__hint">{t('owner.obsHelp')}</p>
      <p className="owner__state" data-testid="owner-state">
        {c.liveId > 0 ? t('owner.onAir') : t('owner.offAir')}
      </p>
      <IngestStatusSection logic={ingestLogic} roomId={c.roomId} />
      {c.liveId > 0 && <LiveControls actor={actor} welcome={welcome} rights={null} />}
      <GreetingEditor logic={greetingLogic} roomId={c.roomId} />
      <label className="field field--check">
        <input
          type="checkbox"
          checked={c.regulationStatus === 2 && !c.flags.isUnder18}
          disabled={c.flags.isUnder18 || busy('setRegulation')}
          onChange={(e) =>
            actor.send({
              type: 'owner.do',
              call: { op: 'setRegulation', on: e.currentTarget.checked },
            })
          }
        />
        <span>{t('owner.regulation')}</span>
      </label>
    </>
  )
}

/** The owner's panel on their own room page (issue #6). */
export function OwnerPanel({
  logic,
  roomId,
  liveId,
  telop,
  welcome,
  greetingLogic,
  ingestLogic,
}: {
  logic: typeof ownerMachine
  roomId: number
  liveId: number
  telop: string
  welcome: WelcomeActor | undefined
  greetingLogic: typeof greetingMachine
  ingestLogic: typeof ingestStatusMachine
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { roomId, liveId, telop } })
  const status = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  )
  // The room's page (/r/… or /lite/…) names the room; the panel has only its id.
  const { roomUrlKey } = useParams({ strict: false })
  return (
    <section className="owner" aria-labelledby="owner-title">
      <h2 id="owner-title">{t('owner.title')}</h2>
      {roomUrlKey && (
        <Link
          to="/r/$roomUrlKey/broadcast"
          params={{ roomUrlKey }}
          className="button button--primary owner__broadcast"
          data-testid="room-broadcast-link"
        >
          {t('broadcast.openFromRoom')}
        </Link>
      )}
      <Link to="/jewel_hist/$id" params={{ id: roomId }} className="link-button">
        {t('mypage.jewelHistOpen')}
      </Link>
      <Link to="/room_background" className="link-button">
        {t('mypage.roomBackgroundOpen')}
      </Link>
      <ThemePicker />
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
      {status === 'ready' && (
        <Panel
          actor={actor}
          welcome={welcome}
          greetingLogic={greetingLogic}
          ingestLogic={ingestLogic}
        />
      )}
    </section>
  )
}
