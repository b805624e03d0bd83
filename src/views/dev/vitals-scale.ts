import type { VitalSummary } from '../../contract/vitals.ts'
import type { VitalMetric } from '../../domain/vitals.ts'

// How /dev/vitals reads each metric: its unit, web.dev's thresholds where there are any, and the
// scale its bars share.

export type VitalUnit = 'ms' | 'frames' | 'unitless'

export const VITAL_UNIT: Record<VitalMetric, VitalUnit> = {
  LCP: 'ms',
  INP: 'ms',
  CLS: 'unitless',
  TTFF: 'ms',
  rebuffer: 'ms',
  comment_frame_drop: 'frames',
}

/**
 * web.dev's Core Web Vitals thresholds (https://web.dev/articles/vitals): good up to `good`,
 * poor above `poor`, "needs improvement" between. The room's own metrics have none.
 */
export const VITAL_THRESHOLDS: Partial<Record<VitalMetric, { good: number; poor: number }>> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
}

export type VitalRating = 'good' | 'needsImprovement' | 'poor'

/** The value's rating by web.dev's thresholds, or null for a metric without any. */
export function rateVital(metric: VitalMetric, value: number): VitalRating | null {
  const limits = VITAL_THRESHOLDS[metric]
  if (!limits) return null
  if (value <= limits.good) return 'good'
  return value <= limits.poor ? 'needsImprovement' : 'poor'
}

/** The length a metric's bars are drawn against: its largest p95 in view, or its good threshold. */
export function vitalScale(metric: VitalMetric, rows: readonly VitalSummary[]): number {
  return Math.max(VITAL_THRESHOLDS[metric]?.good ?? 0, ...rows.map((r) => r.p95))
}

/** A bar's length in per cent of `scale` (0 to 100). */
export const barPercent = (value: number, scale: number) =>
  scale > 0 ? Math.min(100, Math.max(0, (value / scale) * 100)) : 0

/** The number as shown: whole milliseconds and frames, CLS to three decimals. */
export function formatVitalNumber(metric: VitalMetric, value: number, languageTag: string) {
  const digits = VITAL_UNIT[metric] === 'unitless' ? 3 : 0
  return new Intl.NumberFormat(languageTag, { maximumFractionDigits: digits }).format(value)
}
