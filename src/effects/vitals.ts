import type { VitalSample, VitalsBody } from '../contract/vitals.ts'
import { MAX_VITAL_SAMPLES, VITAL_MAX, type VitalMetric } from '../domain/vitals.ts'

/**
 * What viewers experience (issue #26): Core Web Vitals and the room's own figures, sampled per
 * page load and sent to the server (`POST /api/vitals`) in beacons. Only the route pattern, the
 * metric and its value leave the browser.
 */
export interface Vitals {
  /** A figure of the page on show now (the room's first frame, a stall, dropped frames). */
  record: (metric: VitalMetric, value: number) => void
  /** When the page on show was asked for: the room's time to first frame counts from here. */
  visitStartedAt: () => number
  /** Frames dropped while a burst of comments renders, measured over the next second. */
  measureCommentBurst: () => void
}

export const NO_VITALS: Vitals = {
  record: () => {},
  visitStartedAt: () => 0,
  measureCommentBurst: () => {},
}

export interface VitalsOptions {
  /** The share of page loads that report (0–1). */
  sampleRate: number
  random: () => number
  /** The route pattern on show (`/r/$roomUrlKey`). */
  route: () => string
  send: (body: VitalsBody) => void
  now: () => number
  nextFrame: (callback: (time: number) => void) => void
  /** Runs `callback` after `ms` (a timer). */
  later: (callback: () => void, ms: number) => void
}

/** What waits is sent this long after the first of it, even if the page stays open. */
export const VITALS_FLUSH_MS = 5000

const FRAME_MS = 1000 / 60
/** One comment burst measured at most this often. */
const BURST_GAP_MS = 10_000
const BURST_MS = 1000

export function createVitals(options: VitalsOptions): Vitals & {
  /** Sends what waits (on pagehide and when the tab is hidden). */
  flush: () => void
  /** The page started a navigation to another page. */
  visitStarted: () => void
  /** A figure of a page that is not (or no longer) on show: the page load's web vitals. */
  recordAt: (route: string, metric: VitalMetric, value: number) => void
} {
  const sampled = options.random() < options.sampleRate
  const waiting: VitalSample[] = []
  let visitStart = 0
  let lastBurst = -Infinity
  let flushDue = false
  const flush = () => {
    flushDue = false
    if (waiting.length === 0) return
    options.send({ samples: waiting.splice(0, MAX_VITAL_SAMPLES) })
    if (waiting.length > 0) flush()
  }
  const record = (metric: VitalMetric, value: number, route = options.route()) => {
    if (!sampled || !Number.isFinite(value) || value < 0) return
    const kept = metric === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value)
    waiting.push({ route, metric, value: Math.min(kept, VITAL_MAX[metric]) })
    if (waiting.length >= MAX_VITAL_SAMPLES) flush()
    else if (!flushDue) {
      flushDue = true
      options.later(flush, VITALS_FLUSH_MS)
    }
  }
  return {
    record: (metric, value) => record(metric, value),
    recordAt: (route, metric, value) => record(metric, value, route),
    visitStartedAt: () => visitStart,
    visitStarted: () => {
      visitStart = options.now()
    },
    measureCommentBurst: () => {
      const start = options.now()
      if (!sampled || start - lastBurst < BURST_GAP_MS) return
      lastBurst = start
      const route = options.route()
      let previous = start
      let dropped = 0
      const tick = (time: number) => {
        // A frame that took longer than one refresh dropped the ones it covered.
        dropped += Math.max(0, Math.round((time - previous) / FRAME_MS) - 1)
        previous = time
        if (time - start < BURST_MS) options.nextFrame(tick)
        else record('comment_frame_drop', dropped, route)
      }
      options.nextFrame(tick)
    },
    flush,
  }
}

/**
 * The room's video as viewers see it: the time from the visit's start to its first frame shown
 * (`requestVideoFrameCallback` where the browser has it, else the first `playing`), and each
 * stall after that (waiting → playing). Returns the way to stop watching.
 */
export function watchPlayback(video: HTMLVideoElement, vitals: Vitals): () => void {
  let firstFrame = false
  let stalledAt: number | null = null
  let stopped = false
  const shown = () => {
    if (firstFrame || stopped) return
    firstFrame = true
    vitals.record('TTFF', performance.now() - vitals.visitStartedAt())
  }
  // A video started before the app (src/boot/room-video.ts) may have shown its first frame
  // before this watch began: the boot script noted when.
  const shownAt = Number(video.dataset.firstFrameAt)
  if (video.dataset.firstFrameAt !== undefined && Number.isFinite(shownAt)) {
    firstFrame = true
    vitals.record('TTFF', shownAt - vitals.visitStartedAt())
  } else if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(shown)
  const onPlaying = () => {
    if (!firstFrame) {
      if (!('requestVideoFrameCallback' in video)) shown()
    } else if (stalledAt !== null) {
      vitals.record('rebuffer', performance.now() - stalledAt)
    }
    stalledAt = null
  }
  const onWaiting = () => {
    if (firstFrame && stalledAt === null) stalledAt = performance.now()
  }
  video.addEventListener('playing', onPlaying)
  video.addEventListener('waiting', onWaiting)
  return () => {
    stopped = true
    video.removeEventListener('playing', onPlaying)
    video.removeEventListener('waiting', onWaiting)
  }
}

/** Core Web Vitals (LCP, INP, CLS) of the page load, counted to the route it landed on. */
export async function watchWebVitals(record: (metric: VitalMetric, value: number) => void) {
  const { onLCP, onINP, onCLS } = await import('web-vitals')
  onLCP((m) => record('LCP', m.value))
  onINP((m) => record('INP', m.value))
  onCLS((m) => record('CLS', m.value))
}
