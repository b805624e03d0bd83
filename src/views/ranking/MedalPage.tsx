import { useSelector } from '@xstate/react'
import type { Medal, MedalSlot } from '../../contract/medal.ts'
import type { medalMachine } from '../../machines/medal/medal.machine.ts'
import { useT, usePageActor } from '../app-context.tsx'
import { LoadFailed } from '../components/StatusBlocks.tsx'
import { formatTokyoDate } from '../tokyo-time.ts'
import { useDocumentTitle } from '../use-document-title.ts'
import './standing.css'

/** One medal of the catalogue: bright with each day it was earned, or greyed out. */
function MedalCard({ slot, earned }: { slot: MedalSlot; earned: Medal[] }) {
  const { t, locale } = useT()
  const won = earned.length > 0
  return (
    <li
      className={won ? 'medal medal--earned' : 'medal'}
      data-testid="medal"
      data-earned={won ? 'true' : 'false'}
    >
      <img src={slot.image_url} alt="" width={72} height={72} loading="lazy" />
      <span className="medal__name">{t(`medal.kind.${slot.kind}`)}</span>
      <span className="medal__how">{t(`medal.how.${slot.kind}`)}</span>
      {won ? (
        <ul className="medal__dates">
          {earned.map((m) => (
            <li key={`${m.medal_id}-${m.ref_id}-${m.earned_at}`}>
              <time dateTime={new Date(m.earned_at * 1000).toISOString()}>
                {t('medal.earnedOn', { date: formatTokyoDate(m.earned_at, locale) })}
              </time>
              {m.ref_name && <span className="medal__ref"> {m.ref_name}</span>}
            </li>
          ))}
        </ul>
      ) : (
        <span className="medal__locked">{t('medal.notYet')}</span>
      )}
    </li>
  )
}

/** `/room/medal` (the owner's room's) and `/user/medal` (the caller's own): the medal catalogue. */
export function MedalPage({
  logic,
  owner,
  roomUrlKey,
}: {
  logic: typeof medalMachine
  owner: 'room' | 'user'
  roomUrlKey: string
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { owner, roomUrlKey } })
  const data = useSelector(actor, (s) => s.context.data)
  const state = useSelector(actor, (s) =>
    s.matches('noRoom') ? 'noRoom' : s.matches('failed') ? 'failed' : 'other',
  )
  const title = t(owner === 'room' ? 'medal.roomTitle' : 'medal.userTitle')
  useDocumentTitle(title)

  let body
  if (state === 'noRoom') body = <p role="note">{t('medal.noRoom')}</p>
  else if (state === 'failed')
    body = (
      <LoadFailed
        message={t('medal.loadFailed')}
        onRetry={() => actor.send({ type: 'medals.retry' })}
      />
    )
  else if (!data) body = <p aria-busy="true">{t('common.loading')}</p>
  else {
    const count = data.catalogue.filter((s) => s.earned > 0).length
    body = (
      <>
        <p className="standing__lead">
          {t('medal.summary', { name: data.name, count, total: data.catalogue.length })}
        </p>
        <ul className="medals" data-testid="medals">
          {data.catalogue.map((slot) => (
            <MedalCard
              key={slot.medal_id}
              slot={slot}
              earned={data.medals.filter((m) => m.medal_id === slot.medal_id)}
            />
          ))}
        </ul>
      </>
    )
  }
  return (
    <article className="standing" aria-labelledby="medal-title">
      <h1 id="medal-title">{title}</h1>
      {body}
    </article>
  )
}
