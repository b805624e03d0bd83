import type { Rendition, Segment } from './rendition.ts'
import { PART_HOLD_BACK_PARTS } from './timing.ts'

const SEGMENTS_WITH_PARTS = 3

/**
 * Playlists of a rendition (RFC 8216bis): the low-latency one (`ll.m3u8`: parts, preload hint,
 * blocking reload, rendition reports) and a plain one (`index.m3u8`: whole segments only) for
 * players that should not see parts. Both name the same segments, so both play the same live.
 */

const seconds = (s: number) => s.toFixed(3)
const date = (ms: number) => new Date(ms).toISOString()

function targetDuration(segments: readonly Segment[]): number {
  return Math.max(2, ...segments.map((s) => Math.ceil(s.duration)))
}

/** The lines every playlist starts with, up to the first segment. */
function head(segments: readonly Segment[], extra: string[]): string[] {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${targetDuration(segments)}`,
    ...extra,
    `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.msn ?? 0}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]
}

/** One segment's lines: its init when it changes, its date, its parts (optional), itself. */
function segmentLines(s: Segment, previous: Segment | undefined, withParts: boolean): string[] {
  const lines: string[] = []
  if (!previous || previous.init !== s.init) lines.push(`#EXT-X-MAP:URI="init-${s.init}.mp4"`)
  lines.push(`#EXT-X-PROGRAM-DATE-TIME:${date(s.pdt)}`)
  if (withParts && !s.gap) {
    s.parts.forEach((p, i) => {
      lines.push(
        `#EXT-X-PART:DURATION=${seconds(p.duration)},URI="${s.msn}.${i}.m4s"${p.independent ? ',INDEPENDENT=YES' : ''}`,
      )
    })
  }
  if (s.complete) {
    if (s.gap) lines.push('#EXT-X-GAP')
    lines.push(`#EXTINF:${seconds(s.duration)},`, `${s.msn}.m4s`)
  }
  return lines
}

export interface RenditionReport {
  /** Relative to the playlist: `../360p/ll.m3u8`. */
  uri: string
  rendition: Rendition
}

/** `ll.m3u8`: the Low-Latency HLS playlist. Null while the rendition has no segment yet. */
export function lowLatencyPlaylist(
  r: Rendition,
  reports: readonly RenditionReport[],
): string | null {
  const segments = r.listed()
  if (segments.length === 0) return null
  const lines = head(segments, [
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${seconds(PART_HOLD_BACK_PARTS * r.partTarget)},HOLD-BACK=${seconds(3 * targetDuration(segments))}`,
    `#EXT-X-PART-INF:PART-TARGET=${seconds(r.partTarget)}`,
  ])
  // Parts for the last three target durations: the open segment and the two before it (when
  // the newest is complete, the preload hint opens the next one, so two).
  const partsFrom =
    segments.length - (segments.at(-1)?.complete ? SEGMENTS_WITH_PARTS - 1 : SEGMENTS_WITH_PARTS)
  segments.forEach((s, i) => lines.push(...segmentLines(s, segments[i - 1], i >= partsFrom)))
  const edge = r.edge()
  if (edge) {
    const next = edge.part === -1 ? `${edge.msn}.0` : `${edge.msn}.${edge.part + 1}`
    lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${next}.m4s"`)
  }
  for (const report of reports) {
    const other = report.rendition.edge()
    if (!other) continue
    // The newest part it has: the last of the newest segment.
    const lastMsn = other.part === -1 ? other.msn - 1 : other.msn
    const lastSegment = report.rendition.segments.find((s) => s.msn === lastMsn)
    const lastPart = other.part === -1 ? (lastSegment?.parts.length ?? 1) - 1 : other.part
    lines.push(
      `#EXT-X-RENDITION-REPORT:URI="${report.uri}",LAST-MSN=${lastMsn},LAST-PART=${lastPart}`,
    )
  }
  return lines.join('\n') + '\n'
}

/** `index.m3u8`: whole segments only, for players that should not see parts. */
export function plainPlaylist(r: Rendition): string | null {
  const segments = r.listed().filter((s) => s.complete)
  if (segments.length === 0) return null
  const lines = head(segments, [])
  segments.forEach((s, i) => lines.push(...segmentLines(s, segments[i - 1], false)))
  return lines.join('\n') + '\n'
}

export interface Variant {
  uri: string
  bandwidth: number
  width: number
  height: number
  codecs: string
  frameRate: number
}

/** `abr.m3u8`: every rendition, best first, for players that choose by bandwidth. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:9', '#EXT-X-INDEPENDENT-SEGMENTS']
  for (const v of variants) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.bandwidth},RESOLUTION=${v.width}x${v.height},CODECS="${v.codecs}"${v.frameRate > 0 ? `,FRAME-RATE=${v.frameRate.toFixed(3)}` : ''}`,
      v.uri,
    )
  }
  return lines.join('\n') + '\n'
}
