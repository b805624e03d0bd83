import { Link } from '@tanstack/react-router'
import {
  VIRTUAL_RANKING_PERIODS,
  type VirtualRankingAnswer,
  type VirtualRankingPeriod,
} from '../../contract/virtual.ts'
import { useT } from '../app-context.tsx'
import { RoomLink } from '../components/RoomLink.tsx'

/** The period tabs of `/virtual_liver/ranking` (links, so a tab can be shared). */
export function VirtualPeriodTabs({ period }: { period: VirtualRankingPeriod }) {
  const { t } = useT()
  return (
    <nav className="virtual__tabs virtual__tabs--periods" aria-label={t('virtual.ranking.periods')}>
      {VIRTUAL_RANKING_PERIODS.map((p) => (
        <Link
          key={p}
          to="/virtual_liver/ranking"
          search={{ period: p === 'daily' ? undefined : p }}
          className="virtual__tab"
          activeOptions={{ exact: true, includeSearch: true }}
          aria-current={p === period ? 'page' : undefined}
        >
          {t(`ranking.period.${p}`)}
        </Link>
      ))}
    </nav>
  )
}

/** The virtual rooms by points in the period, from its start; a row links the room. */
export function VirtualRanking({
  ranking,
  busy,
}: {
  ranking: VirtualRankingAnswer
  busy: boolean
}) {
  const { t, locale } = useT()
  const number = new Intl.NumberFormat(locale)
  const since = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' })
  return (
    <>
      <p className="virtual__since" data-testid="virtual-since">
        {t('ranking.since', { date: since.format(new Date(ranking.since * 1000)) })}
      </p>
      {ranking.ranking.length === 0 ? (
        <p className="virtual__empty">{t('virtual.ranking.empty')}</p>
      ) : (
        <ol className="virtual__ranking" aria-busy={busy} data-testid="virtual-ranking">
          {ranking.ranking.map((r) => (
            <li key={r.room_id} className="virtual-rank">
              <RoomLink roomUrlKey={r.room_url_key} className="virtual-rank__link">
                <span className={`virtual-rank__place virtual-rank__place--${Math.min(r.rank, 4)}`}>
                  {r.rank}
                </span>
                <img src={r.image} alt="" width={64} height={36} loading="lazy" />
                <span className="virtual-rank__names">
                  <strong>{r.main_name}</strong>
                  <span>{r.room_name}</span>
                </span>
                <span className="virtual-rank__point">
                  {t('virtual.ranking.point', { point: number.format(r.point) })}
                </span>
                {r.is_onlive && <span className="virtual-rank__live">{t('room.onAir')}</span>}
              </RoomLink>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}
