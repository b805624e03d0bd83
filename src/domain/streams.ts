import type { StreamOption } from './room.ts'

/**
 * The entries a viewer chooses from: `hls_all` (自動) first, then one entry per quality, best
 * first: its low-latency playlist (`lhls`) where the live has one, else its plain `hls` one.
 */
export function playableStreams<S extends StreamOption>(list: readonly S[]): S[] {
  const auto = list.filter((s) => s.type === 'hls_all')
  const byQuality = new Map<number, S>()
  for (const s of list) {
    if (s.type === 'hls_all') continue
    const quality = s.quality ?? 0
    const known = byQuality.get(quality)
    if (!known || (known.type === 'hls' && s.type === 'lhls')) byQuality.set(quality, s)
  }
  const qualities = [...byQuality.values()].sort((a, b) => (b.quality ?? 0) - (a.quality ?? 0))
  return [...auto, ...qualities]
}

/**
 * How far beyond its target latency a low-latency player may fall (a start on a busy phone, a
 * stall, a start at the keyframe before its target) before it jumps to its target distance (s).
 * hls.js catches up by playing faster only with more than a second buffered ahead, which a
 * sub-second live never has: without the jump, a player that started late stays late (issue #51
 * measured a browser live's viewers 0.37 s past their target for good).
 */
export const LIVE_JUMP_BEHIND_S = 0.25
/** The least time between two jumps (ms), so a player whose network is slow is not chased. */
export const LIVE_JUMP_EVERY_MS = 5_000
/** How much must be buffered past the point jumped to, so the jump does not stall at once (s). */
const LIVE_JUMP_AHEAD_S = 0.3

export interface LivePosition {
  currentTime: number
  /** hls.js's distance to the live edge, its target distance and the position that keeps it (s). */
  latency: number | null
  target: number | null
  sync: number | null
  /** The video's buffered ranges, as [start, end] in seconds. */
  buffered: ReadonlyArray<readonly [number, number]>
}

/**
 * Where a live player that fell well behind its target should jump: the live sync position when
 * it is ahead and already buffered; null to play on (and catch up by playback rate, if at all).
 */
export function liveJumpTo({ currentTime, latency, target, sync, buffered }: LivePosition) {
  if (latency === null || target === null || sync === null) return null
  if (latency - target <= LIVE_JUMP_BEHIND_S || sync <= currentTime) return null
  const held = buffered.some(([start, end]) => start <= sync && sync + LIVE_JUMP_AHEAD_S <= end)
  return held ? sync : null
}
