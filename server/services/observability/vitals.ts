import { readFileSync } from 'node:fs'
import { Histogram } from 'prom-client'
import {
  VITAL_METRICS,
  type VitalMetric,
  type VitalSample,
  type VitalSummary,
} from '../../../src/contract/vitals.ts'
import { registry } from './metrics.ts'

/** Samples a route and metric keep for /dev/api/vitals; the oldest go first. */
const MAX_KEPT = 2000
export const VITALS_WINDOW_MS = 3_600_000

/**
 * The app's route patterns, read from the router's generated tree (src/routeTree.gen.ts): the only
 * route labels a sample may carry, so a caller cannot mint label values. Any other is `other`.
 */
let known: Set<string> | undefined
export function knownRoutes(): Set<string> {
  if (known) return known
  let source = ''
  try {
    source = readFileSync(new URL('../../../src/routeTree.gen.ts', import.meta.url), 'utf8')
  } catch {
    // No generated tree (a trimmed deployment): every sample counts under `other`.
  }
  const union = /fullPaths:([^]*?)\n {2}\w/.exec(source)?.[1] ?? ''
  known = new Set([...union.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '').filter(Boolean))
  return known
}

/** The label a route is counted under: itself when the app has it (a trailing / aside). */
export function routeLabel(route: string): string {
  const routes = knownRoutes()
  if (routes.has(route)) return route
  const other = route.endsWith('/') ? route.slice(0, -1) : `${route}/`
  return routes.has(other) ? other : 'other'
}

// Timings arrive in milliseconds and are kept in seconds, as Prometheus names them.
const HISTOGRAMS: Record<VitalMetric, { name: string; scale: number; buckets: number[] }> = {
  LCP: { name: 'web_vitals_lcp_seconds', scale: 1000, buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10] },
  INP: { name: 'web_vitals_inp_seconds', scale: 1000, buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2] },
  CLS: { name: 'web_vitals_cls', scale: 1, buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1] },
  TTFF: { name: 'web_vitals_ttff_seconds', scale: 1000, buckets: [0.25, 0.5, 1, 2, 3, 5, 10, 20] },
  rebuffer: {
    name: 'web_vitals_rebuffer_seconds',
    scale: 1000,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  },
  comment_frame_drop: {
    name: 'web_vitals_comment_frame_drops',
    scale: 1,
    buckets: [0, 1, 2, 5, 10, 20, 50, 100],
  },
}

const histograms = new Map(
  VITAL_METRICS.map((metric) => {
    const { name, buckets } = HISTOGRAMS[metric]
    const help = `The app's ${metric} samples by route pattern (sampled beacons, POST /api/vitals)`
    const histogram = new Histogram({
      name,
      help,
      labelNames: ['route'] as const,
      buckets,
      registers: [registry],
    })
    return [metric, histogram] as const
  }),
)

/** The last hour's samples per route and metric, time-ordered: [unix ms, value]. */
const recent = new Map<string, Array<[number, number]>>()

function prune(samples: Array<[number, number]>, now: number): void {
  let drop = 0
  while (drop < samples.length && (samples[drop]?.[0] ?? now) <= now - VITALS_WINDOW_MS) drop++
  if (drop > 0) samples.splice(0, drop)
}

/** Counts samples in the histograms and the hour's buffers. */
export function recordVitals(samples: readonly VitalSample[], now = Date.now()): void {
  for (const sample of samples) {
    const route = routeLabel(sample.route)
    histograms
      .get(sample.metric)
      ?.observe({ route }, sample.value / HISTOGRAMS[sample.metric].scale)
    const key = `${sample.metric}\t${route}`
    let kept = recent.get(key)
    if (!kept) recent.set(key, (kept = []))
    kept.push([now, sample.value])
    if (kept.length > MAX_KEPT) kept.shift()
  }
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** p50, p75 and p95 per route and metric over the last hour, in the units the app sent. */
export function vitalsSummary(now = Date.now()): VitalSummary[] {
  const summaries: VitalSummary[] = []
  for (const [key, samples] of recent) {
    prune(samples, now)
    if (samples.length === 0) {
      recent.delete(key)
      continue
    }
    const [metric, route] = key.split('\t') as [VitalMetric, string]
    const sorted = samples.map(([, value]) => value).sort((a, b) => a - b)
    summaries.push({
      route,
      metric,
      count: sorted.length,
      p50: percentile(sorted, 50),
      p75: percentile(sorted, 75),
      p95: percentile(sorted, 95),
    })
  }
  return summaries.sort(
    (a, b) => a.route.localeCompare(b.route) || a.metric.localeCompare(b.metric),
  )
}
