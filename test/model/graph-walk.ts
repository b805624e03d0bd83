import fs from 'node:fs'
import path from 'node:path'
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventFromLogic,
  InputFrom,
  StateValue,
} from 'xstate'
import { transition } from 'xstate'
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph'

type AnyEvent = { type: string }
type Transition = ReturnType<AnyStateMachine['getTransitionData']>[number]

export interface WalkOptions<M extends AnyStateMachine> {
  input: InputFrom<M>
  /** Every event the walk may send, with sample payloads; offered in every state. */
  events: Array<EventFromLogic<M>>
  /** What makes two snapshots different states for the walk (value plus the context that matters). */
  key: (snapshot: ReturnType<M['transition']>) => unknown
  /** Checked on every edge of the graph: from a state, an event, to the next state. */
  invariant?: (
    from: ReturnType<M['transition']>,
    event: EventFromLogic<M>,
    to: ReturnType<M['transition']>,
  ) => void
}

export interface WalkResult {
  machine: string
  states: { reached: number; total: number; missing: string[] }
  transitions: { reached: number; total: number; missing: string[] }
  edges: number
  paths: Array<{ to: string; events: string[] }>
}

/** Every transition a machine declares: `on`, `after`, `invoke` done/error and `always`. */
export function declaredTransitions(machine: AnyStateMachine): Transition[] {
  const nodes = [machine.root, ...getStateNodes(machine.root)]
  return nodes.flatMap((node) => [...[...node.transitions.values()].flat(), ...(node.always ?? [])])
}

/** The events a machine emits (`emit(…)`) on one step: from a snapshot, an event. */
export function emittedOn<M extends AnyStateMachine>(
  machine: M,
  from: ReturnType<M['transition']>,
  event: EventFromLogic<M>,
): AnyEvent[] {
  const [, actions] = transition(machine as AnyStateMachine, from as never, event)
  // The executable actions' declared types leave out emits, though `transition` returns them.
  const all = actions as ReadonlyArray<{ type: string; params?: unknown }>
  return all.flatMap((a) =>
    a.type === 'xstate.emit' ? [(a.params as { event: AnyEvent }).event] : [],
  )
}

/** The `xstate.after.*` event types of a machine, to offer delayed transitions to the walk. */
export function delayedEvents(machine: AnyStateMachine): AnyEvent[] {
  return [...new Set(declaredTransitions(machine).map((t): string => String(t.eventType)))]
    .filter((type) => type.startsWith('xstate.after.'))
    .map((type) => ({ type }))
}

function valueOf(path: readonly string[]): StateValue {
  return path.length === 1 ? (path[0] ?? '') : { [path[0] ?? '']: valueOf(path.slice(1)) }
}

function describeTransition(t: Transition): string {
  const targets = t.target?.map((n) => n.path.join('.')).join(',') ?? '(self)'
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : ''
  return `${t.source.path.join('.') || '(root)'} --${t.eventType}${guard}--> ${targets}`
}

/**
 * Walks a machine's whole graph with xstate/graph: every reachable state (by `key`) and every
 * event in it. Returns which declared states and transitions the walk reached, and the shortest
 * path to each state.
 */
export function walkMachine<M extends AnyStateMachine>(
  machine: M,
  options: WalkOptions<M>,
): WalkResult {
  const traversal = {
    input: options.input,
    events: options.events,
    serializeState: (snapshot: ReturnType<M['transition']>) =>
      JSON.stringify(options.key(snapshot)),
  }
  // xstate/graph's generics do not line up with a generic machine type; the call is checked at runtime.
  const adjacency = getAdjacencyMap(machine as AnyStateMachine, traversal as never)
  const edges = adjacencyMapToArray(adjacency) as Array<{
    state: AnyMachineSnapshot
    event: AnyEvent
    nextState: AnyMachineSnapshot
  }>

  const declared = declaredTransitions(machine)
  const takenTransitions = new Set<Transition>()
  const visited: AnyMachineSnapshot[] = []
  for (const edge of edges) {
    options.invariant?.(edge.state as never, edge.event as never, edge.nextState as never)
    for (const t of machine.getTransitionData(edge.state as never, edge.event))
      takenTransitions.add(t)
    visited.push(edge.state, edge.nextState)
  }

  const nodes = getStateNodes(machine.root)
  const missingStates = nodes
    .filter((node) => !visited.some((s) => s.matches(valueOf(node.path))))
    .map((node) => node.path.join('.'))

  const paths = getShortestPaths(machine as AnyStateMachine, traversal as never).map((p) => ({
    to: JSON.stringify((p.state as AnyMachineSnapshot).value),
    events: p.steps.map((s) => (s.event as AnyEvent).type),
  }))

  const result: WalkResult = {
    machine: machine.id,
    states: {
      reached: nodes.length - missingStates.length,
      total: nodes.length,
      missing: missingStates,
    },
    transitions: {
      reached: declared.filter((t) => takenTransitions.has(t)).length,
      total: declared.length,
      missing: declared.filter((t) => !takenTransitions.has(t)).map(describeTransition),
    },
    edges: edges.length,
    paths,
  }
  recordWalk(result)
  return result
}

/** Where every walk of a test run is recorded for the graph-coverage table (test/graph-coverage.ts). */
export const WALKS_DIR = path.resolve(import.meta.dirname, '../../node_modules/.cache/kirari-walks')
let recorded = 0

function recordWalk(result: WalkResult) {
  fs.mkdirSync(WALKS_DIR, { recursive: true })
  const file = path.join(WALKS_DIR, `${result.machine}-${process.pid}-${++recorded}.json`)
  fs.writeFileSync(file, JSON.stringify({ ...result, paths: [] }))
}

const pct = (a: number, b: number) => (b === 0 ? '100.0' : ((100 * a) / b).toFixed(1))

/** One coverage line per machine, printed with the test run. */
export function coverageLine(result: WalkResult): string {
  return `graph coverage ${result.machine}: states ${result.states.reached}/${result.states.total} (${pct(result.states.reached, result.states.total)}%), transitions ${result.transitions.reached}/${result.transitions.total} (${pct(result.transitions.reached, result.transitions.total)}%), ${result.edges} edges walked, ${result.paths.length} shortest paths`
}

/** Several walks of one machine (from different inputs) as one: what any of them reached. */
export function mergeWalks(results: readonly WalkResult[]): WalkResult {
  const [first, ...rest] = results
  if (!first) throw new Error('no walks to merge')
  const both = (pick: (r: WalkResult) => string[]) =>
    rest.reduce((missing, r) => missing.filter((m) => pick(r).includes(m)), pick(first))
  const states = both((r) => r.states.missing)
  const transitions = both((r) => r.transitions.missing)
  return {
    machine: first.machine,
    states: {
      reached: first.states.total - states.length,
      total: first.states.total,
      missing: states,
    },
    transitions: {
      reached: first.transitions.total - transitions.length,
      total: first.transitions.total,
      missing: transitions,
    },
    edges: results.reduce((n, r) => n + r.edges, 0),
    paths: results.flatMap((r) => r.paths),
  }
}
