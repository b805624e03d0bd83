import { ConfigError } from './config-values.ts'

/**
 * TURN for browsers that broadcast (issue #51): Debian's coturn with `use-auth-secret` and
 * `static-auth-secret=TURN_SECRET`, whose time-limited credentials the site hands each liver's
 * page (the TURN REST scheme: username `{expiry}:{user}`, password base64(HMAC-SHA1(secret,
 * username))). TURN_URLS lists the servers, comma-separated, e.g.
 * `turn:turn.example.jp:3478?transport=udp,turns:turn.example.jp:443?transport=tcp` — TURN over
 * TLS on 443 is what carrier networks let through. Without TURN_URLS no TURN is offered (the demo
 * on loopback needs none).
 */
export interface TurnConfig {
  urls: string[]
  secret: string | undefined
  /** How long handed-out credentials work (TURN_TTL_SECONDS, default 12 h). */
  ttlSeconds: number
}

const TURN_URL = /^(?:turns?|stuns?):[^\s,]+$/

export function loadTurnConfig(env: NodeJS.ProcessEnv): TurnConfig {
  const urls = (env.TURN_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  for (const url of urls) {
    if (!TURN_URL.test(url)) {
      throw new ConfigError(`TURN_URLS: "${url}" is not a turn:, turns: or stun: URL`)
    }
  }
  const secret = env.TURN_SECRET || undefined
  if (urls.some((u) => u.startsWith('turn')) && !secret) {
    throw new ConfigError(
      "TURN_URLS names a TURN server but TURN_SECRET (coturn's static-auth-secret) is not set",
    )
  }
  const ttlSeconds = Number(env.TURN_TTL_SECONDS ?? 12 * 3600)
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 60 || ttlSeconds > 7 * 86400) {
    throw new ConfigError(`TURN_TTL_SECONDS must be 60–604800, got "${env.TURN_TTL_SECONDS}"`)
  }
  return { urls, secret, ttlSeconds }
}
