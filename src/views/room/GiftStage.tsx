import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { useT } from '../app-context.tsx'
import { Badge } from '../components/Badge.tsx'
import type { GiftActor, RoomActor } from './types.ts'
import './gifts.css'

/** Gifts over the video as they arrive; the room machine takes each away after a few seconds. */
export function GiftStage({ room }: { room: RoomActor }) {
  const { t } = useT()
  const stage = useSelector(room, (s) => s.context.stage)
  return (
    <ul className="gift-stage" aria-label={t('gift.stage')} data-testid="gift-stage">
      {stage.map(({ key, gift }) => (
        <li key={key} className="gift-stage__item">
          <img src={gift.image} alt="" width={48} height={48} />
          <span>
            {gift.name} ×{gift.num}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** The live's gifts, newest first, with the sound switch. */
export function GiftLog({ room, names }: { room: RoomActor; names: ReadonlyMap<number, string> }) {
  const { t } = useT()
  const log = useSelector(room, (s) => s.context.giftLog)
  const sound = useSelector(room, (s) => s.context.giftSound)
  return (
    <section className="gift-log" aria-labelledby="gift-log-title">
      <div className="gift-log__head">
        <h2 id="gift-log-title">{t('gift.log')}</h2>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={sound}
          onClick={() => room.send({ type: 'sound.toggle' })}
        >
          {t('gift.sound')}
        </button>
      </div>
      {log.length === 0 ? (
        <p className="gift-log__empty">{t('gift.logEmpty')}</p>
      ) : (
        // It scrolls once the gifts fill it: reachable by keyboard, named by its heading.
        <ol
          className="gift-log__list"
          data-testid="gift-log"
          tabIndex={0}
          aria-labelledby="gift-log-title"
        >
          {log.slice(0, 20).map((g) => (
            <li key={`${g.user_id}-${g.created_at}-${g.gift_id}-${g.num}`}>
              <img src={g.image} alt="" width={24} height={24} loading="lazy" />
              <span>
                {t('gift.entry', {
                  name: g.name,
                  gift: names.get(g.gift_id) ?? `#${g.gift_id}`,
                  num: g.num,
                })}
                <Badge badge={g.ua} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The last vote's results (t:4), until the next vote opens. */
export function VoteResults({ room }: { room: RoomActor }) {
  const { t } = useT()
  const results = useSelector(room, (s) => s.context.voteResults)
  if (results.length === 0) return null
  return (
    <section className="vote-results" aria-labelledby="vote-results-title">
      <h2 id="vote-results-title">{t('gift.voteResults')}</h2>
      <ol data-testid="vote-results">
        {results.map((r) => (
          <li key={r.gift_id}>
            <span className="vote-results__bar" style={{ width: `${r.rate}%` }} />
            <span>{t('gift.voteResult', { answer: r.id, rate: r.rate, num: r.num })}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

/** The gift log, naming gifts from the panel's catalogue. */
export function RoomGiftLog({ room, gift }: { room: RoomActor; gift: GiftActor }) {
  const groups = useSelector(gift, (s) => s.context.groups)
  const names = useMemo(
    () => new Map(groups.flatMap((g) => g.gift_list).map((g) => [g.gift_id, g.gift_name])),
    [groups],
  )
  return <GiftLog room={room} names={names} />
}
