import type { StateValue } from 'xstate'

/** A state of a chart: nested states are its children (drawn as boxes inside it). */
export interface ChartNode {
  id: string
  label: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** The child entered first (compound states). */
  initial: string | null
  children: ChartNode[]
}

/** A transition: the event, and the guard and description written beside it. */
export interface ChartEdge {
  id: string
  source: string
  target: string
  event: string
  guard: string | null
  description: string | null
}

/** What an edge says: the event, its guard in brackets. */
export const edgeText = (e: Pick<ChartEdge, 'event' | 'guard'>) =>
  e.guard ? `${e.event} [${e.guard}]` : e.event

export interface Chart {
  machineId: string
  root: ChartNode
  edges: ChartEdge[]
}

/** Every node of a chart, depth first. */
export function chartNodes(chart: Pick<Chart, 'root'>): ChartNode[] {
  const out: ChartNode[] = []
  const visit = (n: ChartNode) => {
    out.push(n)
    n.children.forEach(visit)
  }
  visit(chart.root)
  return out
}

// A chart laid out on the page (src/effects/flow-layout.ts does it with ELK).
/** A state placed on the page (absolute coordinates), with its transitions to itself listed inside. */
export interface LaidNode {
  id: string
  label: string
  type: ChartNode['type']
  x: number
  y: number
  width: number
  height: number
  selfEdges: ChartEdge[]
  children: LaidNode[]
}

export interface LaidEdge {
  edge: ChartEdge
  points: Array<{ x: number; y: number }>
  label: { text: string; x: number; y: number; width: number }
}

export interface ChartLayout {
  chart: Chart
  root: LaidNode
  edges: LaidEdge[]
  width: number
  height: number
}

/** The ids of the states a snapshot's value has active (the machine's root included). */
export function activeNodeIds(machineId: string, value: StateValue): string[] {
  const ids = [machineId]
  const visit = (prefix: string, v: StateValue) => {
    if (typeof v === 'string') {
      ids.push(`${prefix}.${v}`)
      return
    }
    for (const [key, child] of Object.entries(v)) {
      ids.push(`${prefix}.${key}`)
      if (child !== undefined) visit(`${prefix}.${key}`, child)
    }
  }
  visit(machineId, value)
  return ids
}

export interface PathStep {
  /** The state reached at this step. */
  nodeId: string
  /** The transition taken to reach it (none for the start). */
  edge: ChartEdge | null
}

/**
 * The shortest way through the chart's transitions from the machine's start to `targetId`
 * (breadth first; guards are not evaluated, each step shows its guard). A transition declared
 * on a state applies in all of its descendants; entering a compound state enters its initial
 * child. Null when the chart never reaches the state.
 */
export function shortestChartPath(chart: Chart, targetId: string): PathStep[] | null {
  const byId = new Map(chartNodes(chart).map((n) => [n.id, n]))
  const parent = new Map<string, string>()
  for (const n of byId.values()) for (const c of n.children) parent.set(c.id, n.id)
  const enter = (id: string): string => {
    const node = byId.get(id)
    return node?.type === 'compound' && node.initial ? enter(node.initial) : id
  }
  const ancestry = (id: string): string[] => {
    const out = [id]
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) out.push(p)
    return out
  }
  const reached = (id: string) => ancestry(id).includes(targetId)
  const start = enter(chart.root.id)
  // How each state was first reached: the transition and the state it was taken from.
  const via = new Map<string, { edge: ChartEdge; from: string } | null>([[start, null]])
  const queue = [start]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    if (reached(at)) {
      const steps: PathStep[] = []
      for (let id: string | undefined = at; id !== undefined;) {
        const step = via.get(id)
        steps.unshift({ nodeId: id, edge: step?.edge ?? null })
        id = step?.from
      }
      return steps
    }
    const sources = new Set(ancestry(at))
    for (const edge of chart.edges) {
      if (!sources.has(edge.source)) continue
      const next = enter(edge.target)
      if (via.has(next)) continue
      via.set(next, { edge, from: at })
      queue.push(next)
    }
  }
  return null
}

/** A state value as text: `live.watching`, parallel regions joined by commas. */
export function stateText(value: StateValue): string {
  if (typeof value === 'string') return value
  return Object.entries(value)
    .map(([key, child]) => {
      if (child === undefined) return key
      const inner = stateText(child)
      return inner.includes(',') ? `${key}.(${inner})` : `${key}.${inner}`
    })
    .join(', ')
}
