import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { formatCompactCount } from '../../domain/compact-count.ts'
import type { RoomInfo as Room } from '../../domain/room.ts'
import type { roomNoticeMachine } from '../../machines/room-notice/room-notice.machine.ts'
import { useT } from '../app-context.tsx'
import { Badge } from '../components/Badge.tsx'
import { NoticeToggle } from './NoticeToggle.tsx'
import type { RoomActor } from './types.ts'

/** The line a liver sets while broadcasting (`t:8`), above the video. */
export function Telop({ room }: { room: RoomActor }) {
  const { t } = useT()
  const telop = useSelector(room, (s) => s.context.telop)
  if (!telop) return null
  return (
    <p className="room__telop" role="status" aria-label={t('room.telop')} data-testid="telop">
      {telop}
    </p>
  )
}

/**
 * Name, viewers and followers, and what a viewer does with a room: follow (and, following, its
 * notice bell), share, report.
 */
export function RoomInfo({
  room,
  info,
  isLive,
  noticeLogic,
}: {
  room: RoomActor
  info: Room
  isLive: boolean
  noticeLogic: typeof roomNoticeMachine
}) {
  const { t, locale } = useT()
  const viewers = useSelector(room, (s) => s.context.viewers)
  const followSaving = useSelector(room, (s) => s.context.followSaving)
  return (
    <div className="room__info">
      <h1 id="room-title">{info.mainName}</h1>
      <p className="room__name">
        {info.roomName}
        <Badge badge={info.badge ?? 0} />
      </p>
      <p className="room__stats">
        {isLive && viewers !== null && (
          <span data-testid="room-viewers">
            {t('home.viewers', { count: formatCompactCount(viewers, locale) })}
          </span>
        )}
        <span data-testid="room-followers">
          {t('room.followers', { count: formatCompactCount(info.followerNum, locale) })}
        </span>
      </p>
      <div className="room__actions">
        {!info.isOwner && (
          <button
            type="button"
            className={info.isFollowing ? 'button button--ghost' : 'button button--primary'}
            aria-pressed={info.isFollowing}
            aria-busy={followSaving}
            onClick={() => room.send({ type: 'follow.toggle' })}
          >
            {info.isFollowing ? t('room.following') : t('room.follow')}
          </button>
        )}
        {/* Mounted on a follow, so it loads the new follower's status. */}
        {!info.isOwner && info.isFollowing && (
          <NoticeToggle logic={noticeLogic} roomId={info.roomId} />
        )}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => room.send({ type: 'room.share' })}
        >
          {t('room.share')}
        </button>
        {isLive && !info.isOwner && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => room.send({ type: 'report.open', target: { kind: 'live' } })}
          >
            {t('room.reportLive')}
          </button>
        )}
        <Link
          to="/r/$roomUrlKey/ec_items"
          params={{ roomUrlKey: info.roomUrlKey }}
          className="button button--ghost"
        >
          {t('ec.shop')}
        </Link>
      </div>
      {info.description && <p className="room__description">{info.description}</p>}
    </div>
  )
}

/** The room's banners (`/api/room/banners`), each a link. */
export function Banners({ room }: { room: RoomActor }) {
  const { t } = useT()
  const banners = useSelector(room, (s) => s.context.banners)
  if (banners.length === 0) return null
  return (
    <ul className="room__banners" aria-label={t('room.banners')}>
      {banners.map((b) => (
        <li key={b.id}>
          <a href={b.url}>
            <img src={b.image} alt={b.title} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  )
}
