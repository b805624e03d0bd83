import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
// Static, type-only, re-exported and dynamic imports all count: a type circle is a design circle.
const IMPORT =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function importGraph(dir: string): Map<string, string[]> {
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const deps = [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2] ?? '')
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .filter((target) => fs.existsSync(target) && fs.statSync(target).isFile())
    graph.set(file, deps)
  }
  return graph
}

/** Tarjan's strongly connected components of two files or more (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop())
      component.push(path.relative(ROOT, w))
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component)
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found
}

describe('imports', () => {
  it.each(['src', 'server'])('form no circle in %s/', (dir) => {
    const graph = importGraph(path.join(ROOT, dir))
    expect(graph.size).toBeGreaterThan(100)
    expect(circles(graph)).toEqual([])
  })

  it('would see one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(circles(graph).map((c) => c.length)).toEqual([3])
  })
})
