import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate'
import { FLOWS_HELLO_MS, type FlowMessage } from '../../domain/flow-messages.ts'
import { shortestChartPath, type ChartLayout, type PathStep } from '../../domain/flows.ts'
import { notProvided } from '../not-provided.ts'

/** An actor of the running app, in this tab or another, as last reported. */
export interface LiveActor {
  key: string
  tab: string
  actorId: string
  machineId: string
  value: Extract<FlowMessage, { kind: 'actor' }>['value']
  status: string
  at: number
  /** The state before the last change, if one was seen. */
  previous: LiveActor['value'] | null
}

export interface LogEntry {
  seq: number
  key: string
  actorId: string
  machineId: string
  type: string
  payload: string
  at: number
}

/** How many events the log keeps, and how long a step of the path player shows. */
export const LOG_MAX = 300
export const STEP_MS = 900

export interface FlowsContext {
  machineIds: string[]
  selected: string
  layout: ChartLayout | null
  actors: Record<string, LiveActor>
  log: LogEntry[]
  seq: number
  /** Show only this actor's events (its key), or all. */
  filter: string | null
  path: PathStep[] | null
  step: number
  /** A state the chart cannot reach from its start (the player says so). */
  unreachable: string | null
}

export type FlowsEvent =
  | { type: 'machine.select'; machineId: string }
  | { type: 'flows.message'; message: FlowMessage }
  | { type: 'log.filter'; key: string | null }
  | { type: 'log.clear' }
  | { type: 'path.choose'; nodeId: string }
  | { type: 'path.play' }
  | { type: 'path.pause' }
  | { type: 'path.next' }
  | { type: 'path.back' }
  | { type: 'path.reset' }

const keyOf = (m: { tab: string; actorId: string }) => `${m.tab}:${m.actorId}`

/**
 * The flow visualizer (/dev/flows): draws the chosen machine (layout runs as an effect), keeps
 * the app's live actors and their events as the tabs report them, and plays the shortest path
 * to a chosen state step by step.
 */
export const flowsMachine = setup({
  types: {
    context: {} as FlowsContext,
    events: {} as FlowsEvent,
    input: {} as { machineIds: string[]; selected?: string },
  },
  actors: {
    layout: fromPromise<ChartLayout, { machineId: string }>(notProvided('layout')),
    listen: fromCallback<FlowsEvent, { helloMs: number }>(notProvided('listen')),
  },
  actions: {
    select: assign(({ event }) => {
      assertEvent(event, 'machine.select')
      return { selected: event.machineId, layout: null, path: null, step: 0, unreachable: null }
    }),
    storeLayout: assign((_, layout: ChartLayout) => ({ layout })),
    receive: assign(({ context, event }) => {
      if (event.type !== 'flows.message') return {}
      const m = event.message
      if (m.kind === 'actor') {
        const key = keyOf(m)
        if (m.status !== 'active') {
          const { [key]: _gone, ...rest } = context.actors
          return { actors: rest }
        }
        const before = context.actors[key]
        const changed = before && JSON.stringify(before.value) !== JSON.stringify(m.value)
        const previous = changed ? before.value : (before?.previous ?? null)
        return { actors: { ...context.actors, [key]: { ...m, key, previous } } }
      }
      if (m.kind !== 'event') return {}
      const seq = context.seq + 1
      const entry: LogEntry = {
        seq,
        key: keyOf(m),
        actorId: m.actorId,
        machineId: m.machineId,
        type: m.type,
        payload: m.payload,
        at: m.at,
      }
      return { seq, log: [...context.log.slice(-(LOG_MAX - 1)), entry] }
    }),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'log.filter')
      return { filter: event.key }
    }),
    clearLog: assign({ log: [] }),
    choosePath: assign(({ context, event }) => {
      if (event.type !== 'path.choose' || !context.layout) return {}
      const path = shortestChartPath(context.layout.chart, event.nodeId)
      return path
        ? { path, step: 0, unreachable: null }
        : { path: null, step: 0, unreachable: event.nodeId }
    }),
    /** One step on along the path chosen, up to its last (with none chosen there is none to go). */
    next: assign(({ context }) =>
      context.path === null ? {} : { step: Math.min(context.step + 1, context.path.length - 1) },
    ),
    back: assign(({ context }) => ({ step: Math.max(0, context.step - 1) })),
    rewind: assign({ step: 0 }),
    dropPath: assign({ path: null, step: 0, unreachable: null }),
  },
  guards: {
    isKnown: ({ context, event }) =>
      event.type === 'machine.select' && context.machineIds.includes(event.machineId),
    hasLayout: ({ context }) => context.layout !== null,
    isReachable: ({ context, event }) =>
      event.type === 'path.choose' &&
      context.layout !== null &&
      shortestChartPath(context.layout.chart, event.nodeId) !== null,
    hasNext: ({ context }) => context.path !== null && context.step < context.path.length - 1,
    atEnd: ({ context }) => context.path !== null && context.step >= context.path.length - 1,
  },
  delays: { step: STEP_MS },
}).createMachine({
  id: 'flows',
  context: ({ input }) => ({
    machineIds: input.machineIds,
    selected:
      input.selected && input.machineIds.includes(input.selected)
        ? input.selected
        : (input.machineIds[0] ?? ''),
    layout: null,
    actors: {},
    log: [],
    seq: 0,
    filter: null,
    path: null,
    step: 0,
    unreachable: null,
  }),
  invoke: { src: 'listen', input: { helloMs: FLOWS_HELLO_MS } },
  on: {
    'flows.message': { actions: 'receive' },
    'log.filter': { actions: 'setFilter' },
    'log.clear': { actions: 'clearLog' },
    'machine.select': {
      guard: 'isKnown',
      target: ['.diagram.layouting', '.player.idle'],
      actions: 'select',
      description: 'Another machine: draw it; the path player starts over.',
    },
  },
  type: 'parallel',
  states: {
    diagram: {
      initial: 'layouting',
      states: {
        layouting: {
          invoke: {
            src: 'layout',
            input: ({ context }) => ({ machineId: context.selected }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeLayout', params: ({ event }) => event.output },
            },
            onError: 'failed',
          },
        },
        ready: {},
        failed: {},
      },
    },
    player: {
      initial: 'idle',
      on: {
        'path.choose': [
          {
            guard: 'isReachable',
            target: '.paused',
            actions: 'choosePath',
            description: 'The shortest way to the state from the start (guards shown, not run).',
          },
          { guard: 'hasLayout', target: '.idle', actions: 'choosePath' },
        ],
      },
      states: {
        idle: {},
        paused: {
          on: {
            'path.play': [
              { guard: 'atEnd', target: 'playing', actions: 'rewind' },
              { target: 'playing' },
            ],
            'path.next': { actions: 'next' },
            'path.back': { actions: 'back' },
            'path.reset': { target: 'idle', actions: 'dropPath' },
          },
        },
        playing: {
          after: {
            step: [
              { guard: 'hasNext', target: 'playing', reenter: true, actions: 'next' },
              { target: 'paused' },
            ],
          },
          on: {
            'path.pause': 'paused',
            'path.next': { actions: 'next' },
            'path.back': { actions: 'back' },
            'path.reset': { target: 'idle', actions: 'dropPath' },
          },
        },
      },
    },
  },
})
