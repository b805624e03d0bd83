// BUS_URL read into what the bus clients need (issue #50): the scheme, the host, TLS, and the
// credentials, each stated, never left to a client library's own reading of the string.
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { ConfigError } from './config-values.ts'

export interface BusTarget {
  kind: 'redis' | 'nats'
  /** The host name or address, without IPv6 brackets. */
  host: string
  port: number
  tls: boolean
  username: string | undefined
  password: string | undefined
  /** NATS only: `nats://<token>@host` (a user name with no password). */
  token: string | undefined
  /** Redis only: the database number (`redis://host/2`). */
  db: number | undefined
  /** Only the scheme, host and port: the only form of the URL that is ever logged or shown. */
  shown: string
}

const SCHEMES: Record<string, { kind: BusTarget['kind']; tls: boolean; port: number }> = {
  'redis:': { kind: 'redis', tls: false, port: 6379 },
  'rediss:': { kind: 'redis', tls: true, port: 6379 },
  'nats:': { kind: 'nats', tls: false, port: 4222 },
  'tls:': { kind: 'nats', tls: true, port: 4222 },
}

/**
 * Where a BUS_URL points, as errors and logs show it: the scheme, host and port, nothing else.
 * Never the input or a URL's `href`: a password with an unescaped `/`, `?` or `#` ends the host
 * early, so the password would show up as a host, a port or a path (issue #50).
 */
function where(url: URL, port: number): string {
  return `${url.protocol}//${url.hostname}:${port}`
}

/**
 * An `@` after the host can only be a password's (or token's): a `/`, `?` or `#` in it that was
 * not written %2F, %3F, %23 cut the URL before its real host. Such a URL is refused unread, as
 * it may parse with part of the password as the host or the port.
 */
function credentialsCutShort(text: string): boolean {
  const start = text.indexOf('//')
  if (start < 0) return false
  const rest = text.slice(start + 2)
  const end = rest.search(/[/?#]/)
  return end >= 0 && rest.slice(end).includes('@')
}

/** BUS_URL as a log line may show it (scheme, host, port), or a placeholder when it is not one. */
export function showBusUrl(text: string): string {
  try {
    return parseBusUrl(text).shown
  } catch {
    return '(BUS_URL, not shown: it is not a bus URL)'
  }
}

function decoded(part: string, what: string, shown: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new ConfigError(`BUS_URL: the ${what} in "${shown}" has a bad %-escape`)
  }
}

/**
 * `redis://[user:password@]host[:port][/db]`, `rediss://…` (TLS), `nats://[user:password@]host
 * [:port]`, `nats://token@host[:port]`, `tls://…` (NATS over TLS). Percent-escapes in the user,
 * password and token are decoded (a password with `@`, `:` or `/` writes them as %40, %3A, %2F).
 * Anything else — another scheme, a query, a path on NATS — is refused rather than ignored.
 */
export function parseBusUrl(text: string): BusTarget {
  if (credentialsCutShort(text)) {
    throw new ConfigError(
      'BUS_URL has an "@" after its host: a "/", "?" or "#" in the password or token must be written %2F, %3F, %23 (the URL is not shown)',
    )
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ConfigError(
      'BUS_URL must be a URL (nats://…, tls://…, redis://…, rediss://…) and does not parse as one; a "/", "?" or "#" in the password is written %2F, %3F, %23 (the URL is not shown)',
    )
  }
  const scheme = SCHEMES[url.protocol]
  if (!scheme) {
    throw new ConfigError(
      `BUS_URL must start with nats://, tls:// (NATS over TLS), redis:// or rediss://, got "${url.protocol}"`,
    )
  }
  const port = url.port ? Number(url.port) : scheme.port
  const shown = where(url, port)
  if (!url.hostname) throw new ConfigError(`BUS_URL names no host: "${url.protocol}//"`)
  if (url.search || url.hash) {
    throw new ConfigError(`BUS_URL takes no query or fragment (they would be ignored): "${shown}"`)
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  // The NATS client checks a TLS certificate against the host name it was given, and names none
  // for an address (Node then checks it against "localhost"): TLS needs the name.
  if (scheme.kind === 'nats' && scheme.tls && isIP(host)) {
    throw new ConfigError(
      `BUS_URL: tls:// needs the host name the server's certificate names, not an address: "${shown}"`,
    )
  }
  const path = url.pathname.replace(/^\//, '')
  let db: number | undefined
  if (scheme.kind === 'redis' && path !== '') {
    if (!/^\d{1,2}$/.test(path)) {
      throw new ConfigError(
        `BUS_URL: a Redis database is a number (redis://host/2), got "${shown}"`,
      )
    }
    db = Number(path)
  } else if (path !== '') {
    throw new ConfigError(`BUS_URL: a NATS URL has no path, got "${shown}"`)
  }
  const username = url.username ? decoded(url.username, 'user', shown) : undefined
  const password = url.password ? decoded(url.password, 'password', shown) : undefined
  // NATS's own URL form: a user name alone is a token.
  const token = scheme.kind === 'nats' && username && !password ? username : undefined
  return {
    kind: scheme.kind,
    host,
    port,
    tls: scheme.tls,
    username: token ? undefined : username,
    password,
    token,
    db,
    shown,
  }
}

/** Whether the bus is on this machine: nothing else on the network can reach it. */
export function isLoopback(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true
  if (!ipaddr.isValid(host)) return false
  const address = ipaddr.process(host)
  return address.range() === 'loopback'
}

/** A password, or NATS's token: a user name alone (Redis) proves nothing. */
export const hasCredentials = (target: BusTarget) =>
  target.password !== undefined || target.token !== undefined

/**
 * BUS_URL checked at start. In production a bus off this machine must take credentials: anyone
 * who can reach an open bus could publish frames to every viewer.
 */
export function loadBusUrl(text: string | undefined, production: boolean): string | undefined {
  if (!text) return undefined
  const target = parseBusUrl(text)
  if (production && !hasCredentials(target) && !isLoopback(target.host)) {
    throw new ConfigError(
      `BUS_URL "${target.shown}" has no credentials: in production a bus that is not on loopback must ask for them (nats://user:password@host:4222, nats://token@host:4222, tls://…, redis://user:password@host:6379, rediss://…)`,
    )
  }
  return text
}
