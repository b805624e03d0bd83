import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { formatCountdown } from '../../domain/regulation.ts'
import { sendsVideo } from '../../machines/broadcast/broadcast.machine.ts'
import { connectionWarnings, elapsedMs } from '../../machines/broadcast/broadcast.rules.ts'
import type { commentStreamMachine } from '../../machines/comment-stream/comment-stream.machine.ts'
import type { regulationMachine } from '../../machines/regulation/regulation.machine.ts'
import { useT } from '../app-context.tsx'
import type { BroadcastActor } from './types.ts'

/** Comments shown over the picture: enough to read on a phone, never a wall. */
const COMMENTS_SHOWN = 30
const GIFTS_SHOWN = 3

/** What is on air, over the picture: figures on top, the comments and gifts at the bottom. */
export function BroadcastOverlay({ actor }: { actor: BroadcastActor }) {
  const comments = useSelector(actor, (s) => s.children.comments)
  const regulation = useSelector(actor, (s) => s.children.regulation)
  return (
    <div className="broadcast__overlay">
      <div className="broadcast__top">
        <Figures actor={actor} />
        {regulation && <Countdown actor={regulation} />}
        <Connection actor={actor} />
      </div>
      <div className="broadcast__bottom">
        <Gifts actor={actor} />
        {comments && <Comments actor={comments} />}
      </div>
    </div>
  )
}

function Figures({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const viewers = useSelector(actor, (s) => s.context.viewers)
  const seconds = useSelector(actor, (s) =>
    s.context.live ? Math.floor(elapsedMs(s.context.nowMs, s.context.live.startedAtMs) / 1000) : 0,
  )
  return (
    <p className="broadcast__figures">
      <span data-testid="broadcast-elapsed">
        {t('broadcast.elapsed', { time: formatCountdown(seconds) })}
      </span>
      <span data-testid="broadcast-viewers" data-viewers={viewers ?? undefined}>
        {t('broadcast.viewers', { num: viewers ?? '—' })}
      </span>
    </p>
  )
}

/** A minor's streaming window (SPEC §4): the time left, a warning in its last minutes. */
function Countdown({ actor }: { actor: ActorRefFrom<typeof regulationMachine> }) {
  const { t } = useT()
  const state = useSelector(actor, (s) =>
    s.matches('unrestricted') ? 'none' : s.matches({ restricted: 'open' }) ? 'open' : 'ending',
  )
  const time = useSelector(actor, (s) => formatCountdown(s.context.remaining))
  if (state === 'none') return null
  return (
    <p
      className={state === 'open' ? 'broadcast__countdown' : 'broadcast__countdown broadcast__warn'}
      role={state === 'open' ? 'timer' : 'alert'}
      data-testid="broadcast-countdown"
      data-state={state}
    >
      {state === 'open' ? t('owner.remaining', { time }) : t('owner.ending', { time })}
    </p>
  )
}

/** The connection in plain words, with a warning when viewers will suffer. */
function Connection({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const stats = useSelector(actor, (s) => s.context.stats)
  const sending = useSelector(actor, (s) => sendsVideo(s.context))
  const warnings = connectionWarnings(stats, sending)
  const figure = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n)
  return (
    <>
      <p
        className="broadcast__connection"
        data-testid="broadcast-connection"
        data-bitrate-kbps={stats?.bitrateKbps ?? undefined}
        data-loss-pct={stats?.lossPct ?? undefined}
        data-rtt-ms={stats?.rttMs ?? undefined}
      >
        {stats
          ? t('broadcast.connection', {
              kbps: figure(stats.bitrateKbps),
              loss: figure(stats.lossPct),
              rtt: figure(stats.rttMs),
            })
          : t('broadcast.measuring')}
      </p>
      {warnings.length > 0 && (
        <ul className="broadcast__warn" data-testid="broadcast-warning" role="alert">
          {warnings.map((w) => (
            <li key={w}>{t(`broadcast.warn.${w}`)}</li>
          ))}
        </ul>
      )}
    </>
  )
}

function Gifts({ actor }: { actor: BroadcastActor }) {
  const { t } = useT()
  const gifts = useSelector(actor, (s) => s.context.gifts.slice(0, GIFTS_SHOWN), shallowEqual)
  return (
    <ul
      className="broadcast__gifts"
      data-testid="broadcast-gifts"
      aria-label={t('broadcast.gifts')}
    >
      {gifts.map((g) => (
        <li key={`${g.user_id}-${g.created_at}-${g.gift_id}-${g.num}`}>
          <img src={g.image} alt="" width={24} height={24} />
          <span>{t('broadcast.gift', { name: g.name, num: g.num })}</span>
        </li>
      ))}
    </ul>
  )
}

/** The room's comments, newest at the bottom (the comment stream's, as on the room page). */
function Comments({ actor }: { actor: ActorRefFrom<typeof commentStreamMachine> }) {
  const { t } = useT()
  const comments = useSelector(
    actor,
    (s) => s.context.comments.slice(-COMMENTS_SHOWN),
    shallowEqual,
  )
  return (
    <ol
      className="broadcast__comments"
      data-testid="broadcast-comments"
      aria-label={t('broadcast.comments')}
      aria-live="polite"
    >
      {comments.length === 0 && <li className="broadcast__quiet">{t('broadcast.noComments')}</li>}
      {comments.map((c, i) => (
        <li key={`${c.user_id}-${c.created_at}-${i}`} data-testid="broadcast-comment">
          <span className="broadcast__who">{c.name}</span> {c.comment}
        </li>
      ))}
    </ol>
  )
}
