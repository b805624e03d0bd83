import { useEffect } from 'react'
import { shallowEqual, useSelector } from '@xstate/react'
import type { VirtualRankingPeriod } from '../../contract/virtual.ts'
import type { virtualMachine, VirtualView } from '../../machines/virtual/virtual.machine.ts'
import { usePageActor, useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { VirtualEvents } from './VirtualEvents.tsx'
import { VirtualNav } from './VirtualNav.tsx'
import { VirtualPeriodTabs, VirtualRanking } from './VirtualRanking.tsx'
import { VirtualRooms } from './VirtualRooms.tsx'
import './virtual.css'

const HEADINGS = {
  rooms: 'virtual.title',
  events: 'virtual.events.heading',
  ranking: 'virtual.ranking.heading',
} as const

/** The page's part of the title before the corner's name ('イベント | バーチャルライバー | Kirari'). */
const TITLES = {
  rooms: null,
  events: 'virtual.nav.events',
  ranking: 'virtual.nav.ranking',
} as const

/**
 * One page of the virtual livers' corner (`/virtual_liver`, `/events`, `/ranking`; issue #22), in
 * the `virtual` layout: the corner's head and tabs, then the page's lists. The machine loads the
 * page (and the on-air list again every 30 s); the ranking's period is its address.
 */
export function VirtualPage({
  logic,
  view,
  period = 'daily',
}: {
  logic: typeof virtualMachine
  view: VirtualView
  period?: VirtualRankingPeriod
}) {
  const { t } = useT()
  const actor = usePageActor(logic, { input: { view, period } })
  useEffect(() => {
    actor.send({ type: 'virtual.period', period })
  }, [actor, period])
  const state = useSelector(
    actor,
    (s) => ({
      answer: s.context.answer,
      loading: s.matches('loading'),
      failed: s.matches('failed'),
    }),
    shallowEqual,
  )
  const titlePart = TITLES[view]
  useDocumentTitle(titlePart && t(titlePart), t('virtual.title'))
  const { answer } = state

  return (
    <article className="virtual" aria-labelledby="virtual-title">
      <header className="virtual__head">
        <p className="virtual__kicker">{t('virtual.kicker')}</p>
        <h1 id="virtual-title">{t(HEADINGS[view])}</h1>
        <p className="virtual__lead">{t(`virtual.lead.${view}`)}</p>
      </header>
      <VirtualNav view={view} />
      {view === 'ranking' && <VirtualPeriodTabs period={period} />}
      {state.failed && (
        <div className="virtual__failed" role="alert">
          <p>{t('virtual.loadFailed')}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'virtual.retry' })}
          >
            {t('common.retry')}
          </button>
        </div>
      )}
      {answer === null ? (
        !state.failed && <p aria-busy="true">{t('common.loading')}</p>
      ) : answer.view === 'rooms' ? (
        <VirtualRooms rooms={answer.rooms} />
      ) : answer.view === 'events' ? (
        <VirtualEvents events={answer.events.events} />
      ) : (
        <VirtualRanking ranking={answer.ranking} busy={state.loading} />
      )}
    </article>
  )
}
