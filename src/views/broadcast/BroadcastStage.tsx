import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { broadcastPhase, sendsVideo } from '../../machines/broadcast/broadcast.machine.ts'
import { windowEnd } from '../../machines/broadcast/broadcast.rules.ts'
import { useT } from '../app-context.tsx'
import { BroadcastOverlay } from './BroadcastOverlay.tsx'
import type { BroadcastActor } from './types.ts'

/** The camera's picture, what is on air over it, and the buttons under it. */
export function BroadcastStage({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const phase = useSelector(actor, broadcastPhase)
  const onAir = phase === 'live' || phase === 'reconnecting'
  return (
    <div className={onAir ? 'broadcast__stage broadcast__stage--live' : 'broadcast__stage'}>
      <div className="broadcast__screen">
        <Preview actor={actor} />
        {phase === 'acquiring' && (
          <p className="broadcast__placeholder" aria-busy="true">
            {t('broadcast.status.acquiring')}
          </p>
        )}
        {onAir && <BroadcastOverlay actor={actor} />}
      </div>
      <Message actor={actor} />
      <Controls actor={actor} />
    </div>
  )
}

/** The liver's own picture: muted, inline, mirrored for the front camera; a placeholder when off. */
function Preview({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const stream = useSelector(actor, (s) => s.context.capture?.stream ?? null)
  const mirrored = useSelector(actor, (s) => s.context.capture?.facing === 'user')
  const showing = useSelector(actor, (s) => sendsVideo(s.context))
  const video = useRef<HTMLVideoElement | null>(null)
  // The element shows the stream the machine holds (a binding, not a decision); muted, it
  // plays by itself (autoPlay), on phones too.
  useEffect(() => {
    if (video.current) video.current.srcObject = stream
  }, [stream])
  if (!stream) return null
  return (
    <>
      <video
        ref={video}
        className={mirrored ? 'broadcast__video broadcast__video--mirrored' : 'broadcast__video'}
        data-testid="broadcast-preview"
        aria-label={t('broadcast.preview')}
        autoPlay
        muted
        playsInline
        hidden={!showing}
      />
      {!showing && <p className="broadcast__placeholder">{t('broadcast.cameraIsOff')}</p>}
    </>
  )
}

/** One plain message: reconnecting, the video interrupted for viewers, no start outside the window. */
function Message({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const phase = useSelector(actor, broadcastPhase)
  const interrupted = useSelector(actor, (s) => s.context.interrupted)
  const closed = useSelector(
    actor,
    (s) => s.matches('preview') && !s.can({ type: 'broadcast.start' }),
  )
  const end = useSelector(actor, (s) => (s.context.room ? windowEnd(s.context.room.flags) : null))
  const text =
    phase === 'reconnecting'
      ? t('broadcast.reconnecting')
      : phase === 'live' && interrupted
        ? t('broadcast.interrupted')
        : closed
          ? t('broadcast.windowClosed', { end: end ?? '' })
          : phase === 'preview'
            ? t('broadcast.previewHint')
            : null
  if (text === null) return null
  return (
    <p className="broadcast__message" data-testid="broadcast-message" role="status">
      {text}
    </p>
  )
}

function Controls({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const phase = useSelector(actor, broadcastPhase)
  const hasCapture = useSelector(actor, (s) => s.context.capture !== null)
  const micOn = useSelector(actor, (s) => s.context.micOn)
  const cameraOn = useSelector(actor, (s) => s.context.cameraOn)
  const switching = useSelector(actor, (s) => s.context.recapturing)
  const canStart = useSelector(actor, (s) => s.can({ type: 'broadcast.start' }))
  const confirming = useSelector(actor, (s) => s.matches({ live: 'confirmingEnd' }))
  const onAir = phase === 'live' || phase === 'reconnecting'
  if (!hasCapture) return null
  return (
    <div className="broadcast__controls">
      <div className="broadcast__toggles">
        <button
          type="button"
          className="button button--ghost broadcast__toggle"
          data-testid="broadcast-switch-camera"
          disabled={switching}
          onClick={() => actor.send({ type: 'camera.switch' })}
        >
          {t('broadcast.switchCamera')}
        </button>
        <button
          type="button"
          className="button button--ghost broadcast__toggle"
          data-testid="broadcast-mute"
          aria-pressed={!micOn}
          onClick={() => actor.send({ type: 'mic.toggle' })}
        >
          {t('broadcast.mute')}
        </button>
        <button
          type="button"
          className="button button--ghost broadcast__toggle"
          data-testid="broadcast-camera-off"
          aria-pressed={!cameraOn}
          onClick={() => actor.send({ type: 'camera.toggle' })}
        >
          {t('broadcast.cameraOff')}
        </button>
      </div>
      {(phase === 'preview' || phase === 'starting') && (
        <button
          type="button"
          className="button button--primary broadcast__go"
          data-testid="broadcast-start"
          disabled={!canStart}
          aria-busy={phase === 'starting'}
          onClick={() => actor.send({ type: 'broadcast.start' })}
        >
          {phase === 'starting' ? t('broadcast.status.starting') : t('broadcast.start')}
        </button>
      )}
      {onAir && !confirming && (
        <button
          type="button"
          className="button broadcast__go broadcast__go--end"
          data-testid="broadcast-end"
          onClick={() => actor.send({ type: 'end.request' })}
        >
          {t('broadcast.end')}
        </button>
      )}
      {confirming && (
        <div className="broadcast__confirm" role="alertdialog" aria-labelledby="broadcast-confirm">
          <p id="broadcast-confirm">{t('broadcast.endQuestion')}</p>
          <button
            type="button"
            className="button broadcast__go broadcast__go--end"
            data-testid="broadcast-end-confirm"
            // The question is where the thumb was: the answer takes the focus.
            autoFocus
            onClick={() => actor.send({ type: 'end.confirm' })}
          >
            {t('broadcast.endConfirm')}
          </button>
          <button
            type="button"
            className="button button--ghost broadcast__wide"
            onClick={() => actor.send({ type: 'end.cancel' })}
          >
            {t('broadcast.endCancel')}
          </button>
        </div>
      )}
    </div>
  )
}
