import { ApiRequestError } from '../../domain/api-failure.ts'
import { streamingWindow, type StreamerFlags } from '../../domain/regulation.ts'
import { BroadcastFailure, type BroadcastProblem, type ConnectionStats } from './broadcast.types.ts'

// The broadcast page's rules, pure: what counts as a bad connection, which refusals are final,
// how long to wait between reconnects.

/** How long a 'disconnected' connection may last before the page reconnects. */
export const DISCONNECTED_GRACE_MS = 3000
/**
 * How long the page tries to reconnect. The site keeps an interrupted live 30 s for the same key;
 * the media host notices the loss a little before the page gives up waiting for it.
 */
export const RECONNECT_GIVE_UP_MS = 25_000
/** After a 201, how often and how many times the room's status is asked for the live. */
export const LIVE_RESOLVE_RETRY_MS = 1000
export const LIVE_RESOLVE_TRIES = 5
/** The end button asks again; the question goes away by itself after this. */
export const END_CONFIRM_MS = 10_000
/**
 * A live the site ends this close to a minor's window end (seconds) ended for the window: the
 * site's clock may be a little ahead of the phone's.
 */
export const WINDOW_END_MARGIN_S = 60
/** The most tries counted (the backoff stops growing there). */
export const ATTEMPTS_CAP = 5

/** The wait before reconnect try `attempts` (1, 2, …): 1 s, 2 s, 4 s, then 5 s. */
export const reconnectDelayMs = (attempts: number) =>
  Math.min(5000, 1000 * 2 ** Math.max(0, attempts - 1))

/** Where a connection hurts viewers (issue #51). */
export const WARN_LOSS_PCT = 5
export const WARN_RTT_MS = 500
export const WARN_BITRATE_KBPS = 300

export type ConnectionWarning = 'loss' | 'rtt' | 'bitrate'

/** What in the figures will make viewers suffer; the bitrate counts only while video is sent. */
export function connectionWarnings(
  stats: ConnectionStats | null,
  sendingVideo: boolean,
): ConnectionWarning[] {
  if (!stats) return []
  const warnings: ConnectionWarning[] = []
  if (stats.lossPct !== null && stats.lossPct > WARN_LOSS_PCT) warnings.push('loss')
  if (stats.rttMs !== null && stats.rttMs > WARN_RTT_MS) warnings.push('rtt')
  const low = stats.bitrateKbps !== null && stats.bitrateKbps < WARN_BITRATE_KBPS
  if (sendingVideo && low && stats.bandwidthLimited !== false) warnings.push('bitrate')
  return warnings
}

/** One reading of `getStats()`, as the figures need it (src/effects/broadcast-whip.ts). */
export interface StatsSample {
  atMs: number
  /** outbound-rtp video, summed over its encodings. */
  bytesSent: number
  packetsSent: number
  /** remote-inbound-rtp video; null when the media host has sent no report yet. */
  packetsLost: number | null
  fractionLost: number | null
  /** Seconds: remote-inbound-rtp's roundTripTime, or the selected pair's currentRoundTripTime. */
  rttS: number | null
  /**
   * outbound-rtp's qualityLimitationReason is 'bandwidth', or the selected pair's
   * availableOutgoingBitrate is under WARN_BITRATE_KBPS; null where the browser gives neither.
   */
  bandwidthLimited?: boolean | null
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** The figures between two readings a second apart; the first reading gives no bitrate. */
export function figuresBetween(prev: StatsSample | null, next: StatsSample): ConnectionStats {
  const seconds = prev ? (next.atMs - prev.atMs) / 1000 : 0
  const bitrateKbps =
    prev && seconds > 0
      ? Math.max(0, ((next.bytesSent - prev.bytesSent) * 8) / 1000 / seconds)
      : null
  let lossPct: number | null = null
  if (next.fractionLost !== null) lossPct = next.fractionLost * 100
  else if (prev && next.packetsLost !== null && prev.packetsLost !== null) {
    const lost = next.packetsLost - prev.packetsLost
    const sent = next.packetsSent - prev.packetsSent
    lossPct = sent > 0 ? Math.max(0, (100 * lost) / sent) : null
  }
  return {
    bitrateKbps: bitrateKbps === null ? null : Math.round(bitrateKbps),
    lossPct: lossPct === null ? null : round(lossPct, 1),
    rttMs: next.rttS === null ? null : Math.round(next.rttS * 1000),
    ...(typeof next.bandwidthLimited === 'boolean'
      ? { bandwidthLimited: next.bandwidthLimited }
      : {}),
  }
}

/**
 * WHIP refusals that a new try will not change (RFC 9725 with the site's rules): a wrong or
 * replaced key (401), the site refusing the live (403: outside a minor's window, the key held),
 * an offer it cannot take (400, 406, 415). 409 (the old session not yet gone), 503 and the
 * network are worth another try.
 */
export const isFinalRefusal = (status: number) =>
  [400, 401, 403, 404, 406, 413, 415].includes(status)

/** A failed effect as the page tells it. */
export function problemOf(error: unknown): BroadcastProblem {
  if (error instanceof BroadcastFailure) return error.problem
  if (error instanceof ApiRequestError) {
    const f = error.failure
    if (f.kind === 'server') return { kind: 'refused', status: f.status, message: f.message ?? '' }
    if (f.kind === 'maintenance') return { kind: 'refused', status: 503, message: '' }
    return { kind: 'unreachable' }
  }
  return { kind: 'loadFailed' }
}

/** The hour a minor's window closes ('20:00'), or null without one. */
export function windowEnd(flags: StreamerFlags): string | null {
  const window = streamingWindow(flags)
  return window ? `${window.to}:00` : null
}

/** Milliseconds on air: never negative when the phone's clock is behind the site's. */
export const elapsedMs = (nowMs: number, startedAtMs: number) => Math.max(0, nowMs - startedAtMs)
