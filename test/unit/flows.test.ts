import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { chartOf } from '../../src/domain/chart.ts'
import { payloadText } from '../../src/domain/flow-messages.ts'
import { activeNodeIds, chartNodes, shortestChartPath, stateText } from '../../src/domain/flows.ts'
import { MACHINES } from '../../src/machines/registry.ts'
import { roomOnAirMachine } from '../../src/machines/room/room-visit.machine.ts'

describe('the machine registry', () => {
  it('holds every machine of src/machines, each once', async () => {
    const dir = path.resolve(import.meta.dirname, '../../src/machines')
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.machine.ts'))
    const exported = new Set<unknown>()
    for (const file of files) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>
      for (const [name, value] of Object.entries(module))
        if (name.endsWith('Machine')) exported.add(value)
    }
    const registered = MACHINES.map((m) => m.machine)
    expect(new Set(registered).size).toBe(registered.length)
    expect(registered.length).toBe(exported.size)
    for (const m of exported) expect(registered).toContain(m)
    for (const { dir: d, machine } of MACHINES)
      expect(
        files.some((f) => f.startsWith(`${d}/`) && f.endsWith('.machine.ts')),
        machine.id,
      ).toBe(true)
  })
})

describe('charts', () => {
  const chart = chartOf(roomOnAirMachine)

  it('draws nested states inside their parents and names guards and descriptions on edges', () => {
    const live = chartNodes(chart).find((n) => n.id === 'roomVisit.live')
    expect(live?.children.length).toBeGreaterThan(0)
    expect(chartNodes(chart).length).toBeGreaterThan(chart.root.children.length)
    const guarded = chart.edges.find((e) => e.guard === 'isReconnect')
    expect(guarded?.event).toBe('push.connected')
    expect(guarded?.description).toMatch(/gap/)
  })

  it('lights the active states of a value, parallel regions included', () => {
    expect(activeNodeIds('m', 'a')).toEqual(['m', 'm.a'])
    expect(activeNodeIds('m', { a: { b: 'c' }, d: 'e' })).toEqual([
      'm',
      'm.a',
      'm.a.b',
      'm.a.b.c',
      'm.d',
      'm.d.e',
    ])
    expect(stateText({ a: { b: 'c' }, d: 'e' })).toBe('a.b.c, d.e')
  })

  it('finds the shortest path to a nested state through its initial states; null when unreachable', () => {
    const path = shortestChartPath(chart, 'roomVisit.ended')
    expect(path?.[0]?.edge).toBeNull()
    expect(path?.at(-1)?.nodeId.startsWith('roomVisit.ended')).toBe(true)
    for (const [i, step] of (path ?? []).entries()) if (i > 0) expect(step.edge).not.toBeNull()
    expect(shortestChartPath(chart, 'roomVisit.nowhere')).toBeNull()
  })

  it('writes payloads as short JSON: no type, errors by message, no cycles, cut when long', () => {
    const cyclic: Record<string, unknown> = { a: 1 }
    cyclic.self = cyclic
    expect(payloadText({ type: 'x', error: new Error('boom'), cyclic })).toBe(
      '{"error":"Error: boom","cyclic":{"a":1,"self":"[circular]"}}',
    )
    expect(payloadText({ type: 'x', text: 'あ'.repeat(5000) }).length).toBeLessThan(1600)
  })
})

describe('the tab inspector', () => {
  it('reports the live actors to a visualizer that says hello, and forgets stopped ones', async () => {
    const { createFlowInspector } = await import('../../src/effects/inspector.ts')
    const { createActor } = await import('xstate')
    const { reportMachine } = await import('../../src/machines/report/report.machine.ts')
    const { FLOWS_CHANNEL } = await import('../../src/domain/flow-messages.ts')
    const inspector = createFlowInspector({ enabled: true })
    const start = () =>
      createActor(reportMachine, {
        input: { roomId: 1, liveId: 1 },
        inspect: inspector.inspect,
      }).start()
    for (let i = 0; i < 80; i++) start().stop()
    const kept = [start(), start()]
    const visualizer = new BroadcastChannel(FLOWS_CHANNEL)
    const heard: Array<{ kind: string; status?: string }> = []
    visualizer.onmessage = (e: MessageEvent<{ kind: string; status?: string }>) =>
      heard.push(e.data)
    visualizer.postMessage({ kind: 'hello' })
    await new Promise((r) => setTimeout(r, 100))
    const actors = heard.filter((m) => m.kind === 'actor')
    expect(actors.filter((m) => m.status === 'active')).toHaveLength(2)
    // At most the stopped actors started since the last prune are still told of (as stopped).
    expect(actors.length).toBeLessThan(70)
    // Once listening, an event sent to an actor is reported with its payload.
    kept[0]?.send({ type: 'report.open', target: { kind: 'live' } })
    await new Promise((r) => setTimeout(r, 100))
    expect(heard.some((m) => m.kind === 'event')).toBe(true)
    for (const a of kept) a.stop()
    visualizer.close()
  })
})
