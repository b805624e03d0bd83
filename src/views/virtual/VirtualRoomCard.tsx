import type { VirtualRoom } from '../../contract/virtual.ts'
import { formatCompactCount } from '../../domain/compact-count.ts'
import { useT } from '../app-context.tsx'
import { RoomLink } from '../components/RoomLink.tsx'

/** A virtual liver's room: cover, names, and viewers on air or followers off air (one link). */
export function VirtualRoomCard({ room }: { room: VirtualRoom }) {
  const { t, locale } = useT()
  return (
    <li className="virtual-card">
      <RoomLink roomUrlKey={room.room_url_key} className="virtual-card__link">
        <span className="virtual-card__cover">
          <img src={room.image} alt="" width={320} height={180} loading="lazy" />
          {room.is_onlive && <span className="virtual-card__live">{t('room.onAir')}</span>}
        </span>
        <span className="virtual-card__body">
          <strong className="virtual-card__name">{room.main_name}</strong>
          <span className="virtual-card__room">{room.room_name}</span>
          <span className="virtual-card__meta">
            {room.is_onlive
              ? t('home.viewers', { count: formatCompactCount(room.view_num, locale) })
              : t('virtual.followers', { count: formatCompactCount(room.follower_num, locale) })}
          </span>
        </span>
      </RoomLink>
    </li>
  )
}
