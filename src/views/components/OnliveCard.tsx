import { formatCompactCount } from '../../domain/compact-count.ts'
import type { OnliveItem } from '../../domain/api-types.ts'
import { useT } from '../app-context.tsx'
import './onlive-card.css'

/** One room on air: cover, name, viewers. Links to the room page. */
export function OnliveCard({ live }: { live: OnliveItem }) {
  const { t, locale } = useT()
  return (
    <li className="onlive-card">
      <a href={`/r/${encodeURIComponent(live.room_url_key)}`} className="onlive-card__link">
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
      </a>
    </li>
  )
}
