import { useCallback, useState } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { playerMachine } from '../../machines/player/player.machine.ts'
import { watchPlayback } from '../../effects/vitals.ts'
import { useT } from '../app-context.tsx'
import { useVitals } from '../vitals-context.tsx'
import './player.css'

export type PlayerActor = ActorRefFrom<typeof playerMachine>

/** The live video with its mute button and quality menu; playback itself is the player machine's. */
export function Player({
  actor,
  poster,
  measured = false,
}: {
  actor: PlayerActor
  poster: string
  /** The room's live video: its first frame and stalls are what viewers experience (#26). */
  measured?: boolean
}) {
  const { t } = useT()
  const vitals = useVitals()
  const streams = useSelector(actor, (s) => s.context.streams)
  const selectedId = useSelector(actor, (s) => s.context.selectedId)
  const muted = useSelector(actor, (s) => s.context.muted)
  const status = useSelector(actor, (s) =>
    s.matches({ active: 'playing' })
      ? 'playing'
      : s.matches({ active: 'blocked' })
        ? 'blocked'
        : s.matches('failed') || s.matches('unavailable')
          ? 'failed'
          : 'loading',
  )
  // A portrait stream (a phone held upright) is shown at 9:16 (player.css).
  const [portrait, setPortrait] = useState(false)
  // Stable, so React attaches the element once and detaches it when the video leaves the page.
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      if (!element) return
      actor.send({ type: 'video.attach', element })
      const unwatch = measured ? watchPlayback(element, vitals) : () => {}
      return () => {
        unwatch()
        actor.send({ type: 'video.detach' })
      }
    },
    [actor, measured, vitals],
  )

  return (
    <div className={portrait ? 'player player--portrait' : 'player'}>
      <video
        ref={attach}
        onLoadedMetadata={(e) =>
          setPortrait(e.currentTarget.videoHeight > e.currentTarget.videoWidth)
        }
        className="player__video"
        poster={poster}
        playsInline
        muted
        aria-label={t('room.video')}
        data-testid="room-video"
      />
      {status === 'loading' && (
        <p className="player__overlay" aria-live="polite">
          {t('room.playerLoading')}
        </p>
      )}
      {status === 'blocked' && (
        <button
          type="button"
          className="player__overlay button button--primary"
          onClick={() => actor.send({ type: 'player.play' })}
        >
          {t('room.play')}
        </button>
      )}
      {status === 'failed' && (
        <div className="player__overlay" role="alert">
          <p>{t('room.playerFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'player.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      <div className="player__controls">
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={muted}
          onClick={() => actor.send({ type: 'mute.toggle' })}
        >
          {muted ? t('room.unmute') : t('room.mute')}
        </button>
        {streams.length > 1 && (
          <label className="player__quality">
            <span className="visually-hidden">{t('room.quality')}</span>
            <select
              aria-label={t('room.quality')}
              value={selectedId}
              onChange={(e) =>
                actor.send({ type: 'quality.select', id: Number(e.currentTarget.value) })
              }
            >
              {streams.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  )
}
