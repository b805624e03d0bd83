import { FRAGMENT_US } from './timing.ts'

/**
 * The quality ladder of an OBS live: the encoder's own stream passed through as the top rung,
 * and lower rungs transcoded by one ffmpeg (decode once, scale and encode each), never above the
 * source's height. Labels and `quality` follow SHOWROOM's streaming_url (fixtures).
 */
export interface Rung {
  name: string
  height: number
  videoKbps: number
  label: string
  quality: number
}

export const SOURCE_RUNG = { name: 'source', label: 'オリジナル画質', quality: 1000 } as const

export const LADDER: readonly Rung[] = [
  { name: '720p', height: 720, videoKbps: 2500, label: '高画質', quality: 500 },
  { name: '360p', height: 360, videoKbps: 800, label: '中画質', quality: 200 },
  { name: '160p', height: 160, videoKbps: 250, label: '低画質', quality: 100 },
]

/** The rungs below a source of `height` (never an upscale, never a copy of the source's size). */
export function rungsFor(height: number): Rung[] {
  return LADDER.filter((r) => r.height < height)
}

/** Width for `height` at the source's aspect, even (H.264 4:2:0 needs even sizes). */
export function widthFor(height: number, sourceWidth: number, sourceHeight: number): number {
  return Math.max(2, Math.round((sourceWidth * height) / sourceHeight / 2) * 2)
}

/** fMP4 that the packager cuts into parts: one fragment at each keyframe and every ~166 ms. */
export const FRAGMENTED_MP4 = [
  ...['-f', 'mp4'],
  ...['-movflags', '+empty_moov+default_base_moof+frag_keyframe'],
  ...['-frag_duration', String(FRAGMENT_US)],
  // Each fragment leaves ffmpeg as soon as it is cut, not when a 32 KB buffer fills.
  ...['-flush_packets', '1'],
]

export const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin']

/**
 * The source rung: ffmpeg reads the encoder's stream from nginx-rtmp (loopback only) and
 * repackages it into fMP4 without touching a frame.
 */
export function sourceArgs(rtmpPlayUrl: string): string[] {
  return [
    ...QUIET,
    ...['-fflags', 'nobuffer', '-analyzeduration', '2000000'],
    ...['-rtmp_live', 'live', '-i', rtmpPlayUrl],
    ...['-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'],
    ...FRAGMENTED_MP4,
    'pipe:1',
  ]
}

/**
 * The lower rungs: ffmpeg reads the source rung's fMP4 on stdin, decodes it once and writes each
 * rung to its own pipe (fd 3, 4, …). Keyframes fall where the source's do, so every rung cuts
 * its segments at the same moments and players switch cleanly; audio is copied.
 */
export function ladderArgs(
  rungs: readonly Rung[],
  sourceWidth: number,
  sourceHeight: number,
): string[] {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[in${i}]`).join('')}`
  const scales = rungs.map(
    (r, i) => `[in${i}]scale=${widthFor(r.height, sourceWidth, sourceHeight)}:${r.height}[out${i}]`,
  )
  return [
    ...QUIET,
    ...['-fflags', 'nobuffer', '-analyzeduration', '1000000', '-probesize', '1000000'],
    ...['-f', 'mp4', '-i', 'pipe:0'],
    ...['-filter_complex', [split, ...scales].join(';')],
    ...rungs.flatMap((r, i) => [
      ...['-map', `[out${i}]`, '-map', '0:a:0?'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-profile:v', 'main'],
      ...['-b:v', `${r.videoKbps}k`, '-maxrate', `${r.videoKbps}k`, '-bufsize', `${r.videoKbps}k`],
      ...['-force_key_frames', 'source', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'copy'],
      ...FRAGMENTED_MP4,
      `pipe:${3 + i}`,
    ]),
  ]
}
