import { memo } from 'react'
import type { ChartLayout, LaidNode } from '../../domain/flows.ts'
import { edgeText } from '../../domain/flows.ts'
import './flows.css'

const LINE = 16

function NodeBox({
  node,
  active,
  step,
  onChoose,
}: {
  node: LaidNode
  active: ReadonlySet<string>
  step: string | null
  onChoose: (id: string) => void
}) {
  const classes = [
    'flow-node',
    `flow-node--${node.type}`,
    active.has(node.id) ? 'flow-node--active' : '',
    step === node.id ? 'flow-node--step' : '',
  ].join(' ')
  return (
    <g className={classes} data-state-id={node.id}>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={node.type === 'final' ? 14 : 8}
        role="button"
        tabIndex={0}
        aria-label={node.id}
        aria-pressed={active.has(node.id)}
        onClick={() => onChoose(node.id)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') onChoose(node.id)
        }}
      />
      <text x={node.x + 10} y={node.y + 18} className="flow-node__label">
        {node.label}
      </text>
      {node.selfEdges.map((e, i) => (
        <text
          key={e.id}
          x={node.x + 10}
          y={node.y + 18 + LINE * (i + 1)}
          className="flow-node__self"
        >
          ↻ {edgeText(e)}
          {e.description ? <title>{e.description}</title> : null}
        </text>
      ))}
      {node.children.map((c) => (
        <NodeBox key={c.id} node={c} active={active} step={step} onChoose={onChoose} />
      ))}
    </g>
  )
}

/**
 * A machine's statechart: nested states as nested boxes, transitions as arrows with the event
 * and guard (the description in a tooltip). States some live actor is in are lit; the path
 * player's state and transition are marked.
 */
export const Diagram = memo(function Diagram({
  layout,
  active,
  stepNode,
  stepEdge,
  onChoose,
  label,
}: {
  layout: ChartLayout
  active: ReadonlySet<string>
  stepNode: string | null
  stepEdge: string | null
  onChoose: (id: string) => void
  label: string
}) {
  return (
    <svg
      className="flow-diagram"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="group"
      aria-label={label}
    >
      <defs>
        <marker
          id="flow-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      <NodeBox node={layout.root} active={active} step={stepNode} onChoose={onChoose} />
      {layout.edges.map(({ edge, points, label: text }) => (
        <g
          key={edge.id}
          className={stepEdge === edge.id ? 'flow-edge flow-edge--step' : 'flow-edge'}
          data-edge-id={edge.id}
        >
          <polyline
            points={points.map((p) => `${p.x},${p.y}`).join(' ')}
            markerEnd="url(#flow-arrow)"
          />
          <text x={text.x} y={text.y + 12} className="flow-edge__label">
            {text.text}
            {edge.description ? <title>{edge.description}</title> : null}
          </text>
        </g>
      ))}
    </svg>
  )
})
