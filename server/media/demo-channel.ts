import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The pre-encoded demo clip (`demo/seg*.mpegts`, made by `demo/make.sh`): 2-second H.264/AAC segments. */
export const SEGMENT_SECONDS = 2
const DEMO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo')
/** Segments in the live window, as a live HLS server keeps a few. */
const WINDOW = 4

let cached: Buffer[] | undefined
/** The demo segments, read once (a few hundred KB). */
export function demoSegments(): Buffer[] {
  cached ??= fs
    .readdirSync(DEMO_DIR)
    .filter((f) => /^seg\d+\.mpegts$/.test(f))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))
    .map((f) => fs.readFileSync(path.join(DEMO_DIR, f)))
  return cached
}

/**
 * A sliding live playlist over the looping clip: the media sequence follows the wall clock, and a
 * discontinuity marks every restart of the clip, so players see an endless live stream.
 */
export function livePlaylist(nowMs: number, segmentCount: number): string {
  const newest = Math.floor(nowMs / 1000 / SEGMENT_SECONDS)
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
    lines.push(`#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`, `${seq}.ts`)
  }
  return lines.join('\n') + '\n'
}

/** The clip segment that live sequence number `seq` plays. */
export function segmentFor(seq: number, segmentCount: number): number {
  return ((seq % segmentCount) + segmentCount) % segmentCount
}
