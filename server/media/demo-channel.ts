import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { shiftTimestamps } from './mpegts.ts'

/** The pre-encoded demo clip (`demo/<rendition>/seg*.mpegts`, made by `demo/make.sh`). */
export const SEGMENT_SECONDS = 2
const DEMO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo')
/** Segments in the live window, as a live HLS server keeps a few. */
const WINDOW = 5
/**
 * Timestamps run on across loops of the clip and start again once an hour (well inside the
 * 33-bit, 26.5-hour range of MPEG-TS clocks).
 */
const PERIOD_SECONDS = 3600

/** The renditions of the demo clip, best first (SPEC: streaming_url qualities). */
export const RENDITIONS = [
  {
    name: 'source',
    label: 'オリジナル画質',
    quality: 1000,
    bandwidth: 600_000,
    width: 1280,
    height: 720,
    codecs: 'avc1.42c01f,mp4a.40.2',
  },
  {
    name: 'low',
    label: '低画質',
    quality: 100,
    bandwidth: 280_000,
    width: 640,
    height: 360,
    codecs: 'avc1.42c01e,mp4a.40.2',
  },
] as const
export type RenditionName = (typeof RENDITIONS)[number]['name']

export const isRendition = (name: string): name is RenditionName =>
  RENDITIONS.some((r) => r.name === name)

const cache = new Map<RenditionName, Buffer[]>()
/** The segments of one rendition, read once (a few hundred KB in all). */
export function demoSegments(rendition: RenditionName = 'source'): Buffer[] {
  let segments = cache.get(rendition)
  if (!segments) {
    const dir = path.join(DEMO_DIR, rendition)
    segments = fs
      .readdirSync(dir)
      .filter((f) => /^seg\d+\.mpegts$/.test(f))
      .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
      .map((f) => fs.readFileSync(path.join(dir, f)))
    cache.set(rendition, segments)
  }
  return segments
}

/** Segments per timeline period: whole loops of the clip, about an hour. */
export function periodSegments(segmentCount: number): number {
  return Math.max(1, Math.round(PERIOD_SECONDS / SEGMENT_SECONDS / segmentCount)) * segmentCount
}

/** The master playlist (`hls_all`): every rendition, for the player's automatic choice. */
export function masterPlaylist(): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3']
  for (const r of RENDITIONS) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},CODECS="${r.codecs}"`,
      `${r.name}/index.m3u8`,
    )
  }
  return lines.join('\n') + '\n'
}

/**
 * A sliding live playlist over the looping clip. Sequence numbers count segments since the live
 * started (players keep per-discontinuity tables, so the counters stay small as a real encoder's
 * do), each loop of the clip starts with a discontinuity, and every segment carries its wall-clock
 * time. Segment timestamps (see `liveSegment`) keep running across loops.
 */
export function livePlaylist(nowMs: number, startedAtMs: number, segmentCount: number): string {
  const newest = Math.max(WINDOW, Math.floor((nowMs - startedAtMs) / 1000 / SEGMENT_SECONDS)) - 1
  const first = newest - WINDOW + 1
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / segmentCount)}`,
  ]
  for (let seq = first; seq <= newest; seq++) {
    if (seq !== first && seq % segmentCount === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(startedAtMs + seq * SEGMENT_SECONDS * 1000).toISOString()}`,
      `#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`,
      `${seq}.ts`,
    )
  }
  return lines.join('\n') + '\n'
}

/** The clip segment that live sequence number `seq` plays. */
export function segmentFor(seq: number, segmentCount: number): number {
  return ((seq % segmentCount) + segmentCount) % segmentCount
}

/**
 * Live segment `seq`: clip segment `seq mod n` with its timestamps moved to where `seq` sits on
 * the running timeline, so players see time advance steadily across loops.
 */
export function liveSegment(
  seq: number,
  segments: readonly Uint8Array[],
): Uint8Array<ArrayBuffer> | null {
  const n = segments.length
  const k = segmentFor(seq, n)
  const segment = segments[k]
  if (!segment) return null
  const period = periodSegments(n)
  const intoPeriod = ((seq % period) + period) % period
  return shiftTimestamps(segment, (intoPeriod - k) * SEGMENT_SECONDS * 90_000)
}
