import { useCallback, useEffect, useRef, useState } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { playerMachine } from '../../machines/player/player.machine.ts'
import { hasPreparedVideo, showPreparedVideo } from '../../effects/player-engine.ts'
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
  const label = t('room.video')
  const videoRef = useRef<HTMLVideoElement | null>(null)
  // The video is the page's own element, not React's: on a room's first page it is the one the
  // boot script started before the app (src/boot/room-video.ts), already playing, moved here so
  // the picture never restarts; elsewhere a new one. Stable, so it is attached once.
  const slot = useCallback(
    (box: HTMLDivElement | null) => {
      if (!box) return
      const element = videoRef.current ?? showPreparedVideo(box) ?? document.createElement('video')
      videoRef.current = element
      if (element.parentElement !== box) box.append(element)
      element.removeAttribute('style')
      element.className = 'player__video'
      element.playsInline = true
      element.muted = true
      element.dataset.testid = 'room-video'
      const onMetadata = () => setPortrait(element.videoHeight > element.videoWidth)
      element.addEventListener('loadedmetadata', onMetadata)
      if (element.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata()
      actor.send({ type: 'video.attach', element })
      const unwatch = measured ? watchPlayback(element, vitals) : () => {}
      return () => {
        unwatch()
        element.removeEventListener('loadedmetadata', onMetadata)
        actor.send({ type: 'video.detach' })
      }
    },
    [actor, measured, vitals],
  )
  useEffect(() => {
    const element = videoRef.current
    if (!element) return
    element.poster = poster
    element.setAttribute('aria-label', label)
  }, [poster, label])

  return (
    <div className={portrait ? 'player player--portrait' : 'player'}>
      <div ref={slot} className="player__slot" />
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

/**
 * While a room's first page loads: the video the boot script started, in the player's place,
 * until the room's Player takes it. Nothing where there is none.
 */
export function PreparedVideo() {
  const [shown] = useState(hasPreparedVideo)
  const box = useCallback((element: HTMLDivElement | null) => {
    if (element) showPreparedVideo(element)
  }, [])
  return shown ? (
    <div className="player">
      <div ref={box} className="player__slot" />
    </div>
  ) : null
}
