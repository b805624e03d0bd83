import type { AnyStateMachine } from 'xstate'
import { toDirectedGraph } from 'xstate/graph'
import type { Chart, ChartEdge, ChartNode } from './flows.ts'

type GraphNode = ReturnType<typeof toDirectedGraph>

const guardName = (guard: unknown): string | null => {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type)
  if (typeof guard === 'function') return guard.name || 'guard'
  return 'guard'
}

/** A machine's statechart as data, from xstate/graph's toDirectedGraph. */
export function chartOf(machine: AnyStateMachine): Chart {
  const edges: ChartEdge[] = []
  const walk = (node: GraphNode): ChartNode => {
    for (const e of node.edges) {
      const transition = e.transition as { guard?: unknown; description?: string }
      edges.push({
        id: e.id,
        source: e.source.id,
        target: e.target.id,
        event: e.label.text,
        guard: guardName(transition.guard),
        description: transition.description ?? null,
      })
    }
    const state = node.stateNode
    return {
      id: node.id,
      label: node.id === machine.id ? machine.id : state.key,
      type: state.type,
      initial: state.initial.target[0]?.id ?? null,
      children: node.children.map(walk),
    }
  }
  return { machineId: machine.id, root: walk(toDirectedGraph(machine)), edges }
}
