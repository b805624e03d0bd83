import fs from 'node:fs'
import path from 'node:path'
import { hlsChunkKey } from '../server/page-assets.ts'
import type { BenchResult } from './report.ts'

interface Chunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

const dist = path.resolve(import.meta.dirname, '../dist')

/**
 * Route component chunks (TanStack Router's code splitting), the machines a route's loader
 * imports before the page can run (src/compose/app.ts loads them per route), and the JS budgets (gzip).
 */
const ROUTES = [
  { name: 'home', key: 'src/routes/index.tsx?tsr-split=component', loads: [], budgetKb: 120 },
  {
    name: 'room',
    key: 'src/routes/r/$roomUrlKey.tsx?tsr-split=component',
    loads: ['src/compose/room.ts', 'src/effects/room-device.ts'],
    budgetKb: 250,
  },
] as const

/**
 * First-load JavaScript of a route: the entry and the route's chunk with everything they import
 * statically (what the browser fetches before the page can run), as the server sends it
 * compressed (the build's gzip and Brotli copies, precompress.ts), from the build's manifest. Chunks loaded on demand (hls.js, the flow visualizer's ELK) are not counted.
 */
export function benchBundleSize(options: { quick: boolean }): BenchResult {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>
  // The compressed copy the server sends (precompress.ts), else the file as it is.
  const sizeOf = (file: string, encoding: 'gz' | 'br') => {
    const copy = path.join(dist, `${file}.${encoding}`)
    return fs.statSync(fs.existsSync(copy) ? copy : path.join(dist, file)).size
  }
  const kb = (bytes: number) => Math.round(bytes / 102.4) / 10
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the build manifest`)
    seen.add(key)
    for (const i of chunk.imports ?? []) closure(i, seen)
    return seen
  }
  // The page's own scripts, as index.html names them, and what they import.
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const entry = new Set<string>()
  for (const [, file = ''] of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/([^"]+\.js)"/g)) {
    const key = keyOf.get(file)
    if (!key) throw new Error(`${file} (index.html) is not in the build manifest`)
    closure(key, entry)
  }
  const measures = ROUTES.flatMap((route) => {
    const files = [
      ...new Set([...entry, ...closure(route.key), ...route.loads.flatMap((k) => [...closure(k)])]),
    ].map((k) => manifest[k]?.file ?? '')
    const total = (encoding: 'gz' | 'br') =>
      files.reduce((sum, file) => sum + sizeOf(file, encoding), 0)
    return [
      {
        name: `${route.name} first-load JS (gzip)`,
        value: kb(total('gz')),
        unit: 'KB',
        target: { kind: 'max' as const, value: route.budgetKb },
      },
      { name: `${route.name} first-load JS (Brotli)`, value: kb(total('br')), unit: 'KB' },
    ]
  })
  const hls = hlsChunkKey(manifest)
  if (!hls) throw new Error('bundle-size: the build has no hls.js chunk (vite.config.ts names it)')
  const room = new Set([
    ...closure(ROUTES[1].key),
    ...ROUTES[1].loads.flatMap((k) => [...closure(k)]),
  ])
  return {
    name: 'bundle-size',
    description: 'first-load JS per route from dist/.vite/manifest.json',
    quick: options.quick,
    at: new Date().toISOString(),
    measures: [
      ...measures,
      {
        name: 'hls.js loaded on demand (0 = not in the room first load)',
        value: [...entry, ...room].includes(hls) ? 1 : 0,
        unit: '',
        target: { kind: 'max', value: 0 },
      },
    ],
  }
}
