import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js'
import { edgeText } from '../domain/flows.ts'
import type {
  Chart,
  ChartEdge,
  ChartLayout,
  ChartNode,
  LaidEdge,
  LaidNode,
} from '../domain/flows.ts'

const CHAR_WIDTH = 7
const LINE_HEIGHT = 16
const HEADER = 26

const textWidth = (text: string) => Math.ceil(text.length * CHAR_WIDTH) + 16

/**
 * Lays a chart out with ELK's layered algorithm: nested states inside their parents, edges
 * routed around them, the labels placed by ELK. Every coordinate comes back relative to the root.
 */
export async function layoutChart(chart: Chart): Promise<ChartLayout> {
  const selfEdges = new Map<string, ChartEdge[]>()
  const crossing: ChartEdge[] = []
  for (const e of chart.edges) {
    if (e.source === e.target) selfEdges.set(e.source, [...(selfEdges.get(e.source) ?? []), e])
    else crossing.push(e)
  }
  const toElk = (node: ChartNode): ElkNode => {
    const own = selfEdges.get(node.id) ?? []
    const lines = [node.label, ...own.map(edgeText)]
    const width = Math.max(90, ...lines.map(textWidth))
    const height = HEADER + own.length * LINE_HEIGHT + 8
    return node.children.length > 0
      ? {
          id: node.id,
          layoutOptions: {
            'elk.padding': `[top=${HEADER + own.length * LINE_HEIGHT + 12},left=16,bottom=16,right=16]`,
          },
          // A compound state's size is ELK's to find; its own lines set a minimum.
          width,
          children: node.children.map(toElk),
        }
      : { id: node.id, width, height }
  }
  const edges: ElkExtendedEdge[] = crossing.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [{ text: edgeText(e), width: textWidth(edgeText(e)), height: LINE_HEIGHT }],
  }))
  const graph: ElkNode = {
    id: '__root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '32',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [toElk(chart.root)],
    edges,
  }
  const laid = await new ELK().layout(graph)

  const byId = new Map<string, ChartNode>()
  const index = (n: ChartNode) => {
    byId.set(n.id, n)
    n.children.forEach(index)
  }
  index(chart.root)
  const place = (n: ElkNode): LaidNode => {
    const node = byId.get(n.id)
    return {
      id: n.id,
      label: node?.label ?? n.id,
      type: node?.type ?? 'atomic',
      x: n.x ?? 0,
      y: n.y ?? 0,
      width: n.width ?? 0,
      height: n.height ?? 0,
      selfEdges: selfEdges.get(n.id) ?? [],
      children: (n.children ?? []).map(place),
    }
  }
  const rootNode = laid.children?.[0]
  if (!rootNode) throw new Error(`layout of ${chart.machineId} came back empty`)
  const placedEdges = (laid.edges ?? []).flatMap((e): LaidEdge[] => {
    const edge = crossing.find((c) => c.id === e.id)
    const section = e.sections?.[0]
    if (!edge || !section) return []
    const label = e.labels?.[0]
    return [
      {
        edge,
        points: [section.startPoint, ...(section.bendPoints ?? []), section.endPoint],
        label: {
          text: edgeText(edge),
          x: label?.x ?? section.startPoint.x,
          y: label?.y ?? section.startPoint.y,
          width: label?.width ?? 0,
        },
      },
    ]
  })
  return {
    chart,
    root: place(rootNode),
    edges: placedEdges,
    width: (laid.width ?? 0) + 24,
    height: (laid.height ?? 0) + 24,
  }
}
