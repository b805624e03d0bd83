/** SPEC §4 under-18 regulation values (check_room_regulation, upsert_room_regulation). */
export const REGULATION = { none: 0, noLimit: 1, limited: 2 } as const
export type RegulationStatus = (typeof REGULATION)[keyof typeof REGULATION]

/** SPEC §4: the remaining time when no limit applies. */
export const NO_LIMIT_REMAINING = 1000
/** Minutes before the window closes when the liver is warned (Kirari's choice). */
export const REGULATION_WARNING_SECONDS = 10 * 60
/** SPEC §9: the Tokyo clock ticks every second for restricted users. */
export const REGULATION_TICK_MS = 1000

/** SPEC §9 streaming windows, Tokyo time: from `from`:00 to before `to`:00. */
export const STREAMING_WINDOWS = {
  under16: { from: 5, to: 20 },
  under18: { from: 5, to: 22 },
} as const

export interface StreamerFlags {
  isAbroad: boolean
  isUnder16: boolean
  isUnder18: boolean
}

const DAY_SECONDS = 86_400
/** Japan has no daylight saving: Tokyo is always UTC+9. */
const TOKYO_OFFSET_SECONDS = 9 * 3600

/** Seconds since midnight in Tokyo at `nowMs`. */
export function tokyoSecondOfDay(nowMs: number): number {
  const seconds = Math.floor(nowMs / 1000) + TOKYO_OFFSET_SECONDS
  return ((seconds % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS
}

/** The window that applies to a streamer, or null when they may stream at any time. */
export function streamingWindow(flags: StreamerFlags): { from: number; to: number } | null {
  if (flags.isAbroad) return null
  if (flags.isUnder16) return STREAMING_WINDOWS.under16
  if (flags.isUnder18) return STREAMING_WINDOWS.under18
  return null
}

/** SPEC §4 streaming allowed: always abroad; under 16 05:00–20:00; under 18 05:00–22:00. */
export function isStreamingAllowed(flags: StreamerFlags, nowMs: number): boolean {
  const window = streamingWindow(flags)
  if (!window) return true
  const second = tokyoSecondOfDay(nowMs)
  return second >= window.from * 3600 && second < window.to * 3600
}

/**
 * Seconds left before the window closes (0 outside it), or NO_LIMIT_REMAINING when no window
 * applies.
 */
export function remainingSeconds(flags: StreamerFlags, nowMs: number): number {
  const window = streamingWindow(flags)
  if (!window) return NO_LIMIT_REMAINING
  if (!isStreamingAllowed(flags, nowMs)) return 0
  return window.to * 3600 - tokyoSecondOfDay(nowMs)
}

/** `m:ss` or `h:mm:ss` for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const rest = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`
}
