import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import {
  broadcastPhase,
  type broadcastMachine,
} from '../../machines/broadcast/broadcast.machine.ts'
import { windowEnd } from '../../machines/broadcast/broadcast.rules.ts'
import { useApp, useAuth, useT, usePageActor } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { BroadcastStage } from './BroadcastStage.tsx'
import { endText, problemText } from './broadcast-text.ts'
import type { BroadcastActor } from './types.ts'
import './broadcast.css'

/**
 * The liver's broadcast page (issue #51): the camera, 配信開始 / 配信終了, and while live the
 * room's comments, gifts and viewers over the picture. Phone first; the machine decides.
 */
export function BroadcastPage({
  logic,
  roomUrlKey,
}: {
  logic: typeof broadcastMachine
  roomUrlKey: string
}) {
  const { t } = useT()
  const userId = useApp((s) => (s.context.user?.is_login ? s.context.user.user_id : null))
  const actor = usePageActor(logic, { input: { roomUrlKey, userId } })
  const phase = useSelector(actor, broadcastPhase)
  const mainName = useSelector(actor, (s) => s.context.room?.mainName)
  useDocumentTitle(t('broadcast.title'), mainName)
  return (
    <section className="broadcast" data-testid="broadcast-page" aria-labelledby="broadcast-title">
      <h1 id="broadcast-title" className="visually-hidden">
        {t('broadcast.title')}
      </h1>
      <p className="broadcast__phase" data-testid="broadcast-status" data-state={phase}>
        <span className={`broadcast__dot broadcast__dot--${phase}`} aria-hidden="true" />
        {t(`broadcast.status.${phase}`)}
      </p>
      {phase === 'loading' && <p aria-busy="true">{t('common.loading')}</p>}
      {phase === 'forbidden' && <Forbidden roomUrlKey={roomUrlKey} anonymous={userId === null} />}
      {phase !== 'loading' && phase !== 'forbidden' && <BroadcastStage actor={actor} />}
      <Problem actor={actor} />
      {phase === 'error' && (
        <button
          type="button"
          className="button button--primary broadcast__wide"
          onClick={() => actor.send({ type: 'broadcast.retry' })}
        >
          {t('broadcast.retry')}
        </button>
      )}
      {phase === 'ended' && <Ended actor={actor} roomUrlKey={roomUrlKey} />}
    </section>
  )
}

function Forbidden({ roomUrlKey, anonymous }: { roomUrlKey: string; anonymous: boolean }) {
  const { t } = useT()
  const auth = useAuth()
  return (
    <div className="broadcast__card">
      <p data-testid="broadcast-message" role="alert">
        {anonymous ? t('broadcast.loginNeeded') : t('broadcast.forbidden')}
      </p>
      {anonymous && (
        <button
          type="button"
          className="button button--primary broadcast__wide"
          onClick={() => auth.send({ type: 'login.open', kind: 1 })}
        >
          {t('header.login')}
        </button>
      )}
      <Link to="/r/$roomUrlKey" params={{ roomUrlKey }} className="link-button">
        {t('broadcast.backToRoom')}
      </Link>
    </div>
  )
}

/** What went wrong, until something replaces it: never a silent failure. */
function Problem({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const problem = useSelector(actor, (s) => s.context.problem)
  if (!problem) return null
  const { text, detail } = problemText(problem, t)
  return (
    <div className="broadcast__error" role="alert" data-testid="broadcast-error">
      <p>{text}</p>
      {detail && (
        <p className="broadcast__detail">{t('broadcast.serverSays', { message: detail })}</p>
      )}
    </div>
  )
}

function Ended({ actor, roomUrlKey }: { actor: BroadcastActor; roomUrlKey: string }) {
  const { t } = useT()
  const reason = useSelector(actor, (s) => s.context.endReason)
  const end = useSelector(actor, (s) => (s.context.room ? windowEnd(s.context.room.flags) : null))
  return (
    <div className="broadcast__card">
      {reason && (
        <p data-testid="broadcast-message" role="status">
          {endText(reason, end, t)}
        </p>
      )}
      <button
        type="button"
        className="button button--primary broadcast__wide"
        onClick={() => actor.send({ type: 'broadcast.again' })}
      >
        {t('broadcast.again')}
      </button>
      <Link to="/r/$roomUrlKey" params={{ roomUrlKey }} className="link-button">
        {t('broadcast.backToRoom')}
      </Link>
    </div>
  )
}
