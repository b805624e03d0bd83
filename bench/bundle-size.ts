import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BenchResult } from './report.ts'

interface Chunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

const dist = path.resolve(import.meta.dirname, '../dist')

/**
 * Route component chunks (TanStack Router's code splitting), the machines a route's loader
 * imports before the page can run (src/compose.ts loads them per route), and the JS budgets (gzip).
 */
const ROUTES = [
  { name: 'home', key: 'src/routes/index.tsx?tsr-split=component', loads: [], budgetKb: 120 },
  {
    name: 'room',
    key: 'src/routes/r/$roomUrlKey.tsx?tsr-split=component',
    loads: ['src/compose-room.ts'],
    budgetKb: 250,
  },
] as const

/**
 * First-load JavaScript of a route: the entry and the route's chunk with everything they import
 * statically (what the browser fetches before the page can run), gzip-compressed, from the
 * build's manifest. Chunks loaded on demand (hls.js, the flow visualizer's ELK) are not counted.
 */
export function benchBundleSize(options: { quick: boolean }): BenchResult {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>
  const gz = new Map<string, number>()
  const sizeOf = (file: string) => {
    let n = gz.get(file)
    if (n === undefined) {
      n = gzipSync(fs.readFileSync(path.join(dist, file))).length
      gz.set(file, n)
    }
    return n
  }
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    seen.add(key)
    for (const i of chunk.imports ?? []) closure(i, seen)
    return seen
  }
  const measures = ROUTES.map((route) => {
    const keys = new Set([
      ...closure('index.html'),
      ...closure(route.key),
      ...route.loads.flatMap((k) => [...closure(k)]),
    ])
    const bytes = [...keys].reduce((sum, k) => sum + sizeOf(manifest[k]?.file ?? ''), 0)
    return {
      name: `${route.name} first-load JS (gzip)`,
      value: Math.round(bytes / 102.4) / 10,
      unit: 'KB',
      target: { kind: 'max' as const, value: route.budgetKb },
    }
  })
  const hls = Object.entries(manifest).find(([k]) => k.includes('hls.js'))
  const room = new Set([...closure(ROUTES[1].key), ...closure(ROUTES[1].loads[0])])
  return {
    name: 'bundle-size',
    description: 'first-load JS per route from dist/.vite/manifest.json',
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      ...measures,
      {
        name: 'hls.js loaded on demand (0 = not in the room first load)',
        value: hls && [...closure('index.html'), ...room].includes(hls[0]) ? 1 : 0,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    ],
  }
}
