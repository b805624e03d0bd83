// How a live's media is cut in time: fragments (parts) and their target in the playlists.

/** ffmpeg cuts a fragment (a part) once it holds this much (and at every keyframe). */
export const FRAGMENT_US = 166_000
/** The part target before the frame rate is known (audio only). */
export const DEFAULT_PART_TARGET_S = 0.2
/** Where players start: three part targets behind the newest (the RFC's recommended minimum). */
export const PART_HOLD_BACK_PARTS = 3

/**
 * The part target for frames of `frameSeconds`: ffmpeg cuts a part at the first frame that takes
 * it to 166 ms, so every part but a segment's last is that many whole frames (5 at 30 fps: 167
 * ms; 5 at 25 fps: 200 ms), rounded up to the millisecond the playlist writes.
 */
export function partTargetFor(frameSeconds: number): number {
  if (!(frameSeconds > 0)) return DEFAULT_PART_TARGET_S
  const frames = Math.ceil(FRAGMENT_US / 1e6 / frameSeconds - 1e-6)
  return Math.ceil(frames * frameSeconds * 1000 - 1e-6) / 1000
}

/** A keyframe closer than this to the segment's start stays inside it (as an independent part). */
export const MIN_SEGMENT_S = 1
