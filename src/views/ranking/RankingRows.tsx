import { Link } from '@tanstack/react-router'
import type { GenreRankingAnswer } from '../../contract/ranking.ts'
import { useT } from '../app-context.tsx'
import { Badge } from '../components/Badge.tsx'

/** One ranking page: each room's place, picture, name (to its room), badge, score, on-air mark. */
export function RankingRows({ ranking, busy }: { ranking: GenreRankingAnswer; busy: boolean }) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  if (ranking.ranking.length === 0) {
    return (
      <p className="ranking__empty" aria-busy={busy}>
        {t('ranking.empty')}
      </p>
    )
  }
  return (
    <ol className="ranking-list" aria-busy={busy} data-testid="ranking-list">
      {ranking.ranking.map((room) => (
        <li
          key={room.room_id}
          className={room.rank <= 3 ? `ranking-row ranking-row--top${room.rank}` : 'ranking-row'}
          data-room-id={room.room_id}
        >
          <span className="ranking-row__rank" data-testid="ranking-rank">
            {t('ranking.rank', { rank: number(room.rank) })}
          </span>
          <img src={room.image} alt="" width={56} height={56} loading="lazy" />
          <span className="ranking-row__room">
            <Link
              to="/r/$roomUrlKey"
              params={{ roomUrlKey: room.room_url_key }}
              className="ranking-row__name"
            >
              {room.room_name}
            </Link>
            <Badge badge={room.badge} />
            {room.is_onlive && <span className="ranking-row__live">{t('ranking.onAir')}</span>}
          </span>
          <span className="ranking-row__score" data-testid="ranking-score">
            {t('ranking.score', { score: number(room.score) })}
          </span>
        </li>
      ))}
    </ol>
  )
}
