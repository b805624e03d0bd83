import { formatCompactCount } from '../../domain/compact-count.ts'
import { RoomLink } from './RoomLink.tsx'
import type { OnliveItem } from '../../domain/api-types.ts'
import { useT } from '../app-context.tsx'
import { TagLinks } from './TagLinks.tsx'
import './onlive-card.css'

/** The most tags a card shows (the room page shows them all). */
export const CARD_TAGS_MAX = 3

/** One room on air: cover, name, viewers (a link to the room page), then its first tags. */
export function OnliveCard({ live }: { live: OnliveItem }) {
  const { t, locale } = useT()
  return (
    <li className="onlive-card">
      <RoomLink roomUrlKey={live.room_url_key} className="onlive-card__link">
        <span className="onlive-card__cover">
          <img src={live.image} alt="" width={320} height={180} loading="lazy" />
          <span className="onlive-card__badge">{t('room.onAir')}</span>
        </span>
        <span className="onlive-card__body">
          <strong className="onlive-card__name">
            {live.main_name}
            {live.official_lv > 0 && (
              <span className="onlive-card__official">{t('home.official')}</span>
            )}
          </strong>
          {live.sub_name && <span className="onlive-card__sub">{live.sub_name}</span>}
          <span className="onlive-card__viewers" data-testid="viewers">
            {t('home.viewers', { count: formatCompactCount(live.view_num, locale) })}
          </span>
        </span>
      </RoomLink>
      {/* Beside the card's link, not in it: a link may not hold links. */}
      <TagLinks tags={live.tags} max={CARD_TAGS_MAX} className="tag-links--row onlive-card__tags" />
    </li>
  )
}
