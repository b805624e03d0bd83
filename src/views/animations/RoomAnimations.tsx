import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type CSSProperties } from 'react'
import type { RoomAnimationMachines } from '../../compose/room-animations.ts'
import {
  giftPlays,
  isRankUp,
  queuePlays,
  rankUpPlay,
  type AnimationPlay,
} from '../../domain/animations.ts'
import { usePageActor, useT } from '../app-context.tsx'
import type { RoomActor } from '../room/types.ts'
import './animations.css'

/** Sprites per play: enough to fill the video, few enough for a phone. */
const SPRITES = Array.from({ length: 12 }, (_, i) => ({
  // Spread across the width and around the circle without randomness (the same each time).
  x: (i * 37 + 7) % 100,
  angle: i * 30,
  delay: (i * 53) % 600,
}))

/**
 * Gift and rank-up animations over the room's video (issue #22): a gift push that reaches its
 * gift's animation, or a climb in the room's event, plays once. Decoration only: hidden from
 * assistive technology (the gift log and the event badge say the same) and never in the way of
 * a tap. With reduced motion a short still badge shows instead.
 */
export function RoomAnimations(props: {
  logic: RoomAnimationMachines['animations']
  room: RoomActor
}) {
  // Another room starts afresh: what it has shown is its own.
  return <Overlay key={props.room.sessionId} {...props} />
}

function Overlay({ logic, room }: { logic: RoomAnimationMachines['animations']; room: RoomActor }) {
  const catalogue = usePageActor(logic)
  const animations = useSelector(catalogue, (s) => s.context.animations)
  const stage = useSelector(room, (s) => s.context.stage)
  const rank = useSelector(room, (s) => s.context.event?.rank ?? null)
  const [playing, setPlaying] = useState<AnimationPlay[]>([])
  // What the room has shown: the last stage key seen (null until the catalogue came; gifts on
  // the stage before it do not play late) and the last rank.
  const seen = useRef({ key: null as number | null, rank })

  useEffect(() => {
    if (animations.length === 0) return
    const top = stage.at(-1)?.key ?? 0
    const after = seen.current.key ?? top
    seen.current.key = Math.max(after, top)
    const added = giftPlays(animations, stage, after)
    if (added.length > 0) setPlaying((now) => queuePlays(now, added))
  }, [animations, stage])

  useEffect(() => {
    const before = seen.current.rank
    seen.current.rank = rank
    const play = isRankUp(before, rank) && rank !== null ? rankUpPlay(animations, rank) : null
    if (play) setPlaying((now) => queuePlays(now, [play]))
  }, [animations, rank])

  if (playing.length === 0) return null
  const done = (key: string) => setPlaying((now) => now.filter((p) => p.key !== key))
  return (
    <div className="room-animations" aria-hidden="true" data-testid="room-animations">
      {playing.map((play) => (
        <Play key={play.key} play={play} onEnd={() => done(play.key)} />
      ))}
    </div>
  )
}

function Play({ play, onEnd }: { play: AnimationPlay; onEnd: () => void }) {
  const { t } = useT()
  const style = { '--ra-duration': `${play.durationMs}ms` } as CSSProperties
  return (
    <div
      className={`room-animations__play room-animations__play--${play.effect}`}
      data-effect={play.effect}
      style={style}
      // The play's own fade ends it; its sprites' animations bubble here too and are not its end.
      onAnimationEnd={(event) => event.target === event.currentTarget && onEnd()}
    >
      <div className="room-animations__sprites">
        {SPRITES.map((s, i) => (
          <span
            key={i}
            className="room-animations__sprite"
            style={
              {
                '--ra-x': `${s.x}%`,
                '--ra-angle': `${s.angle}deg`,
                '--ra-delay': `${s.delay}ms`,
              } as CSSProperties
            }
          >
            {play.image ? (
              <img src={play.image} alt="" width={40} height={40} />
            ) : (
              <span className="room-animations__star" />
            )}
          </span>
        ))}
      </div>
      <p className="room-animations__badge">
        {play.image && <img src={play.image} alt="" width={32} height={32} />}
        {play.rank !== null
          ? t('animations.rankUp', { rank: play.rank })
          : t('animations.gift', { num: play.num })}
      </p>
    </div>
  )
}
