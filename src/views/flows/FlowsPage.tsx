import { useMemo } from 'react'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { activeNodeIds, chartNodes, edgeText, stateText } from '../../domain/flows.ts'
import type { flowsMachine, LiveActor } from '../../machines/flows/flows.machine.ts'
import { useT } from '../app-context.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { Diagram } from './Diagram.tsx'
import './flows.css'

/**
 * /dev/flows: every machine as a diagram, the running app's actors (this tab and the others)
 * lit in their states, their events with payloads, and a player for the shortest path to a state.
 */
export function FlowsPage({
  logic,
  machineIds,
  initial,
}: {
  logic: typeof flowsMachine
  machineIds: string[]
  initial?: string
}) {
  const { t } = useT()
  // Not inspected itself: its own events would be reported back to it without end.
  const actor = useActorRef(logic, {
    input: { machineIds, ...(initial ? { selected: initial } : {}) },
  })
  const view = useSelector(
    actor,
    (s) => ({
      selected: s.context.selected,
      layout: s.context.layout,
      failed: s.matches({ diagram: 'failed' }),
      actors: s.context.actors,
      log: s.context.log,
      filter: s.context.filter,
      path: s.context.path,
      step: s.context.step,
      playing: s.matches({ player: 'playing' }),
      unreachable: s.context.unreachable,
    }),
    shallowEqual,
  )
  useDocumentTitle(t('flows.title'))

  const live = useMemo(() => Object.values(view.actors), [view.actors])
  const liveHere = live.filter((a) => a.machineId === view.selected)
  const active = useMemo(
    () => new Set(liveHere.flatMap((a) => activeNodeIds(a.machineId, a.value))),
    [liveHere],
  )
  const states = useMemo(
    () => (view.layout ? chartNodes(view.layout.chart).map((n) => n.id) : []),
    [view.layout],
  )
  const current = view.path?.[view.step] ?? null
  const log = view.filter === null ? view.log : view.log.filter((e) => e.key === view.filter)
  const count = (machineId: string) => live.filter((a) => a.machineId === machineId).length
  const actorName = (a: Pick<LiveActor, 'actorId' | 'tab'>) => `${a.actorId} @${a.tab}`

  return (
    <section className="flows" aria-labelledby="flows-title">
      <h1 id="flows-title">{t('flows.title')}</h1>
      <div className="flows__body">
        <nav className="flows__machines" aria-label={t('flows.machines')}>
          <ul>
            {machineIds.map((id) => (
              <li key={id}>
                <button
                  type="button"
                  aria-pressed={id === view.selected}
                  onClick={() => actor.send({ type: 'machine.select', machineId: id })}
                >
                  {id}
                  {count(id) > 0 && <span className="flows__live"> ●{count(id)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flows__main">
          <h2>{view.selected}</h2>
          <section aria-label={t('flows.liveActors')} className="flows__actors">
            <h3>{t('flows.liveActors')}</h3>
            {liveHere.length === 0 ? (
              <p>{t('flows.noActors')}</p>
            ) : (
              <ul>
                {liveHere.map((a) => (
                  <li key={a.key} data-testid="live-actor" data-machine={a.machineId}>
                    <code>{actorName(a)}</code>{' '}
                    {a.previous !== null && <span>{stateText(a.previous)} → </span>}
                    <strong>{stateText(a.value)}</strong>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-label={t('flows.player')} className="flows__player">
            <label>
              {t('flows.pathTo')}{' '}
              <select
                value={view.path?.at(-1)?.nodeId ?? ''}
                onChange={(e) => actor.send({ type: 'path.choose', nodeId: e.target.value })}
              >
                <option value="">—</option>
                {states.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
            {view.path && (
              <>
                <button type="button" onClick={() => actor.send({ type: 'path.back' })}>
                  {t('flows.back')}
                </button>
                {view.playing ? (
                  <button type="button" onClick={() => actor.send({ type: 'path.pause' })}>
                    {t('flows.pause')}
                  </button>
                ) : (
                  <button type="button" onClick={() => actor.send({ type: 'path.play' })}>
                    {t('flows.play')}
                  </button>
                )}
                <button type="button" onClick={() => actor.send({ type: 'path.next' })}>
                  {t('flows.next')}
                </button>
                <button type="button" onClick={() => actor.send({ type: 'path.reset' })}>
                  {t('flows.reset')}
                </button>
                <p role="status" data-testid="path-step">
                  {t('flows.step', { step: view.step + 1, total: view.path.length })}{' '}
                  {current?.edge ? `${edgeText(current.edge)} → ` : ''}
                  <strong>{current?.nodeId}</strong>
                </p>
              </>
            )}
            {view.unreachable && (
              <p role="status">{t('flows.unreachable', { state: view.unreachable })}</p>
            )}
          </section>

          {view.failed && <p role="alert">{t('flows.layoutFailed')}</p>}
          {view.layout ? (
            <div className="flows__diagram">
              <Diagram
                layout={view.layout}
                active={active}
                stepNode={current?.nodeId ?? null}
                stepEdge={current?.edge?.id ?? null}
                onChoose={(nodeId) => actor.send({ type: 'path.choose', nodeId })}
                label={t('flows.diagram', { machine: view.selected })}
              />
            </div>
          ) : (
            !view.failed && <p aria-busy="true">{t('common.loading')}</p>
          )}

          <section aria-label={t('flows.events')} className="flows__log">
            <h3>{t('flows.events')}</h3>
            <label>
              {t('flows.filter')}{' '}
              <select
                value={view.filter ?? ''}
                onChange={(e) =>
                  actor.send({
                    type: 'log.filter',
                    key: e.target.value === '' ? null : e.target.value,
                  })
                }
              >
                <option value="">{t('flows.allActors')}</option>
                {live.map((a) => (
                  <option key={a.key} value={a.key}>
                    {actorName(a)}
                  </option>
                ))}
              </select>
            </label>{' '}
            <button type="button" onClick={() => actor.send({ type: 'log.clear' })}>
              {t('flows.clear')}
            </button>
            <ol className="flows__events" aria-label={t('flows.events')}>
              {log
                .slice(-100)
                .reverse()
                .map((e) => (
                  <li key={e.seq}>
                    <time>{new Date(e.at).toLocaleTimeString()}</time> <code>{e.actorId}</code>{' '}
                    <strong>{e.type}</strong> <code className="flows__payload">{e.payload}</code>
                  </li>
                ))}
            </ol>
          </section>
        </div>
      </div>
    </section>
  )
}
