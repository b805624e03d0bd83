import { Link } from '@tanstack/react-router'
import { shallowEqual, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { CampaignRankingAnswer } from '../../contract/campaign.ts'
import { secondsToUpdate, type campaignMachine } from '../../machines/campaign/campaign.machine.ts'
import { useT } from '../app-context.tsx'
import { RoomLink } from '../components/RoomLink.tsx'
import { formatTokyo } from '../tokyo-time.ts'
import './ranking.css'

type CampaignActor = ActorRefFrom<typeof campaignMachine>

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`

/** The countdown to a scheduled ranking's next update ("次の更新まで 04:59"). */
function NextUpdate({ actor }: { actor: CampaignActor }) {
  const { t } = useT()
  const left = useSelector(actor, (s) => secondsToUpdate(s.context.ranking, s.context.nowMs))
  if (left === null) return null
  return (
    <p className="campaign-ranking__next" data-testid="campaign-next-update">
      {t('campaign.nextUpdate', { time: mmss(left) })}
    </p>
  )
}

function Rows({ ranking }: { ranking: CampaignRankingAnswer }) {
  const { t, locale } = useT()
  const number = (n: number) => new Intl.NumberFormat(locale).format(n)
  if (ranking.ranking.length === 0)
    return <p className="campaign-ranking__empty">{t('campaign.noRanking')}</p>
  return (
    <ol className="campaign-ranking__list" data-testid="campaign-ranking">
      {ranking.ranking.map((row) => (
        <li
          key={row.room_id}
          className={`campaign-ranking__row campaign-ranking__row--${Math.min(row.rank, 4)}`}
          data-room-id={row.room_id}
          data-room-key={row.room_url_key}
        >
          <span className="campaign-ranking__rank" data-testid="campaign-rank">
            {row.rank}
          </span>
          <RoomLink roomUrlKey={row.room_url_key} className="campaign-ranking__room">
            <img src={row.image} alt="" width={48} height={48} loading="lazy" />
            <span className="campaign-ranking__name">{row.room_name}</span>
          </RoomLink>
          {row.is_onlive && <span className="campaign-ranking__live">{t('campaign.onAir')}</span>}
          <span className="campaign-ranking__points" data-testid="campaign-point">
            {t('campaign.points', { point: number(row.point) })}
          </span>
        </li>
      ))}
    </ol>
  )
}

/** The campaign's ranking: the rooms by points, as of when, and the next update of a scheduled one. */
export function CampaignRanking({ actor }: { actor: CampaignActor }) {
  const { t, locale } = useT()
  const view = useSelector(
    actor,
    (s) => ({
      ranking: s.context.ranking,
      failed: s.matches({ shown: { ranking: 'failed' } }),
      loading: s.matches({ shown: { ranking: 'loading' } }),
    }),
    shallowEqual,
  )
  const { ranking } = view
  return (
    <section
      className="campaign__section campaign-ranking"
      aria-labelledby="campaign-ranking-title"
      aria-busy={view.loading}
    >
      <h2 id="campaign-ranking-title">{t('campaign.ranking')}</h2>
      {ranking && (
        <p className="campaign-ranking__as-of" data-testid="campaign-as-of">
          {t('campaign.asOf', { time: formatTokyo(ranking.as_of, locale) })}
        </p>
      )}
      <NextUpdate actor={actor} />
      {view.failed && (
        <p role="alert" className="campaign-ranking__failed">
          {t('campaign.rankingFailed')}{' '}
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'ranking.retry' })}
          >
            {t('common.retry')}
          </button>
        </p>
      )}
      {ranking ? (
        <Rows ranking={ranking} />
      ) : (
        !view.failed && <p aria-busy="true">{t('common.loading')}</p>
      )}
      {ranking?.event && (
        <p className="campaign-ranking__event">
          <Link to="/event/$eventUrlKey" params={{ eventUrlKey: ranking.event.event_url_key }}>
            {t('campaign.eventLink', { name: ranking.event.event_name })}
          </Link>
        </p>
      )}
    </section>
  )
}
