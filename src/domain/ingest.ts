import type { IngestStatus } from '../contract/ingest.ts'

/*
 * When what OBS sends will hurt viewers (issue #38), told to the liver in plain words with the
 * fix. Segments start at keyframes, so the keyframe interval is how long a viewer waits to
 * start and to switch quality; the bitrate is what a phone on a cellular network must keep up
 * with, the frame rate how smooth it looks.
 */

/** OBS's recommended keyframe interval (seconds), the one the fix asks for. */
export const KEYFRAME_RECOMMENDED_S = 2
/** Past this, viewers wait too long to start and to switch qualities. */
export const KEYFRAME_MAX_S = 4
/** Above this, phones on cellular networks cannot keep up with the source. */
export const BITRATE_MAX_KBPS = 8000
/** Below this, a picture of BITRATE_MIN_HEIGHT lines or more is blurry. */
export const BITRATE_MIN_KBPS = 300
export const BITRATE_MIN_HEIGHT = 360
/** Under this, motion is choppy. */
export const FRAME_RATE_MIN = 20

/** One problem with what the encoder sends, with the figure that shows it. */
export type IngestWarning =
  | { code: 'stalled' }
  | { code: 'keyframeLong'; seconds: number }
  | { code: 'keyframeIrregular' }
  | { code: 'bitrateHigh'; kbps: number }
  | { code: 'bitrateLow'; kbps: number }
  | { code: 'frameRateLow'; fps: number }

export type IngestWarningCode = IngestWarning['code']

/**
 * The warnings for a status, most urgent first. Nothing once the encoder has disconnected (the
 * panel says nothing arrives), nor for the video before its first data. A stalled encoder gets
 * that warning alone: its rates have fallen because nothing arrives, not because of a setting.
 */
export function ingestWarnings(status: IngestStatus): IngestWarning[] {
  if (!status.receiving) return []
  if (status.stalled) return [{ code: 'stalled' }]
  const video = status.video
  if (!video) return []
  const warnings: IngestWarning[] = []
  const keyframes = video.keyframe_interval
  if (!(keyframes > 0)) warnings.push({ code: 'keyframeIrregular' })
  else if (keyframes > KEYFRAME_MAX_S) warnings.push({ code: 'keyframeLong', seconds: keyframes })
  if (video.kbps > BITRATE_MAX_KBPS) warnings.push({ code: 'bitrateHigh', kbps: video.kbps })
  else if (video.kbps < BITRATE_MIN_KBPS && video.height >= BITRATE_MIN_HEIGHT)
    warnings.push({ code: 'bitrateLow', kbps: video.kbps })
  if (video.frame_rate < FRAME_RATE_MIN)
    warnings.push({ code: 'frameRateLow', fps: video.frame_rate })
  return warnings
}
