// What viewers experience (issue #26): the figures the app measures, and their bounds. Here, not
// in src/contract/vitals.ts, so the app's first code reads them without the schema library.

/**
 * Core Web Vitals and the room's own: LCP, INP, TTFF (time to the first video frame) and
 * rebuffer (time spent rebuffering in one stall) in milliseconds; CLS unitless; comment frame
 * drops as frames dropped while one burst of comments rendered.
 */
export const VITAL_METRICS = [
  'LCP',
  'INP',
  'CLS',
  'TTFF',
  'rebuffer',
  'comment_frame_drop',
] as const
export type VitalMetric = (typeof VITAL_METRICS)[number]

/** The largest value each metric takes; anything above is a broken measurement, refused. */
export const VITAL_MAX: Record<VitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  TTFF: 300_000,
  rebuffer: 600_000,
  comment_frame_drop: 10_000,
}

/** Samples one beacon may carry. */
export const MAX_VITAL_SAMPLES = 20
