import * as v from 'valibot'
import { MAX_VITAL_SAMPLES, VITAL_MAX, VITAL_METRICS, type VitalMetric } from '../domain/vitals.ts'

// `POST /api/vitals` (issue #26): the app's sampled page-experience figures. Only the route
// pattern, the metric and its value travel: no user, session, address or page URL. Sent with
// `navigator.sendBeacon` (text/plain or application/json), so it needs no cookie or CSRF token.

export { MAX_VITAL_SAMPLES, VITAL_MAX, VITAL_METRICS, type VitalMetric } from '../domain/vitals.ts'

/** A route pattern as the router names it (`/r/$roomUrlKey`), never a concrete address. */
export const VitalRoute = v.pipe(v.string(), v.regex(/^\/[\w\-/$.]{0,99}$/))

export const VitalSample = v.pipe(
  v.strictObject({
    route: VitalRoute,
    metric: v.picklist(VITAL_METRICS),
    value: v.pipe(v.number(), v.finite(), v.minValue(0)),
  }),
  v.check((s) => s.value <= VITAL_MAX[s.metric], 'value out of range'),
)
export type VitalSample = v.InferOutput<typeof VitalSample>

/** One sample, or `{ samples: [...] }` with up to MAX_VITAL_SAMPLES. */
export const VitalsBody = v.union([
  VitalSample,
  v.strictObject({
    samples: v.pipe(v.array(VitalSample), v.minLength(1), v.maxLength(MAX_VITAL_SAMPLES)),
  }),
])
export type VitalsBody = v.InferInput<typeof VitalsBody>

/** One route and metric's last hour (`GET /dev/api/vitals`). */
export interface VitalSummary {
  route: string
  metric: VitalMetric
  count: number
  p50: number
  p75: number
  p95: number
}

/** `GET /dev/api/vitals`: percentiles per route and metric over the last hour. */
export interface VitalsAnswer {
  since: number
  vitals: VitalSummary[]
}
