import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate'
import { chartOf } from '../../src/domain/chart.ts'
import type { FlowMessage } from '../../src/domain/flow-messages.ts'
import type { ChartLayout } from '../../src/domain/flows.ts'
import { LOG_MAX, flowsMachine } from '../../src/machines/flows/flows.machine.ts'
import { reportMachine } from '../../src/machines/report/report.machine.ts'
import { coverageLine, delayedEvents, walkMachine, type WalkResult } from './graph-walk.ts'

const layout: ChartLayout = {
  chart: chartOf(reportMachine),
  root: {
    id: 'report',
    label: 'report',
    type: 'compound',
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    selfEdges: [],
    children: [],
  },
  edges: [],
  width: 10,
  height: 10,
}
const actor = (status: 'active' | 'stopped'): FlowMessage => ({
  kind: 'actor',
  tab: 't1',
  actorId: 'report#1',
  machineId: 'report',
  value: 'editing',
  status,
  at: 1,
})
const event: FlowMessage = {
  kind: 'event',
  tab: 't1',
  actorId: 'report#1',
  machineId: 'report',
  type: 'report.open',
  payload: '{}',
  at: 2,
}

const events = [
  { type: 'xstate.done.actor.0.flows.diagram.layouting', output: layout },
  { type: 'xstate.error.actor.0.flows.diagram.layouting', error: new Error('elk') },
  { type: 'machine.select', machineId: 'report' },
  { type: 'machine.select', machineId: 'nope' },
  { type: 'flows.message', message: actor('active') },
  { type: 'flows.message', message: actor('stopped') },
  { type: 'flows.message', message: event },
  { type: 'log.filter', key: 't1:report#1' },
  { type: 'log.filter', key: null },
  { type: 'log.clear' },
  { type: 'path.choose', nodeId: 'report.sending' },
  { type: 'path.choose', nodeId: 'report.nowhere' },
  { type: 'path.play' },
  { type: 'path.pause' },
  { type: 'path.next' },
  { type: 'path.back' },
  { type: 'path.reset' },
] as Array<EventFromLogic<typeof flowsMachine>>

const logic = flowsMachine.provide({
  actors: {
    layout: fromPromise(() => Promise.resolve(layout)),
    listen: fromCallback(() => () => {}),
  },
})

const walks: WalkResult[] = []
afterAll(() => {
  for (const w of walks) console.log(coverageLine(w))
})

describe('flows machine graph', () => {
  it('plays a path only once there is one, keeps its step in bounds, starts over on another machine', () => {
    const walk = walkMachine(logic, {
      input: { machineIds: ['report', 'gacha'] },
      events: [...events, ...(delayedEvents(flowsMachine) as typeof events)],
      key: (s) => ({
        value: s.value,
        layout: s.context.layout !== null,
        path: s.context.path?.length ?? null,
        step: s.context.step,
        unreachable: s.context.unreachable,
        actors: Object.keys(s.context.actors).length,
        log: Math.min(s.context.log.length, 2),
        filter: s.context.filter,
      }),
      invariant: (from, e, to) => {
        const { path, step } = to.context
        expect(step).toBeGreaterThanOrEqual(0)
        if (path) expect(step).toBeLessThan(path.length)
        if (to.matches({ player: 'playing' }) || to.matches({ player: 'paused' }))
          expect(path).not.toBeNull()
        if (e.type === 'machine.select' && e.machineId !== 'nope') {
          expect(to.context.path).toBeNull()
          expect(to.matches({ diagram: 'layouting' })).toBe(true)
        }
        if (e.type === 'machine.select' && e.machineId === 'nope')
          expect(to.context.selected).toBe(from.context.selected)
        expect(to.context.log.length).toBeLessThanOrEqual(LOG_MAX)
      },
    })
    walks.push(walk)
    expect(walk.states.missing).toEqual([])
    expect(walk.transitions.missing).toEqual([])
  })

  it(`keeps the last ${LOG_MAX} events, and the shortest path to a state from the start`, async () => {
    const flows = createActor(logic, { input: { machineIds: ['report'] } }).start()
    for (let i = 0; i < LOG_MAX + 20; i++) {
      flows.send({ type: 'flows.message', message: { ...event, type: `e${i}` } })
    }
    const log = flows.getSnapshot().context.log
    expect(log).toHaveLength(LOG_MAX)
    expect(log.at(-1)?.type).toBe(`e${LOG_MAX + 19}`)
    expect(log[0]?.type).toBe('e20')
    await new Promise((r) => setTimeout(r, 0))
    flows.send({ type: 'path.choose', nodeId: 'report.sending' })
    const path = flows.getSnapshot().context.path
    expect(path?.map((s) => s.nodeId)).toEqual([
      'report.closed',
      'report.editing',
      'report.sending',
    ])
    expect(path?.[1]?.edge?.guard).toBe('hasCategories')
    flows.stop()
  })
})
