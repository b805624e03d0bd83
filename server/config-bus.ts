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
  /** The URL with its password or token masked: the only form that is ever logged or shown. */
  shown: string
}

const SCHEMES: Record<string, { kind: BusTarget['kind']; tls: boolean; port: number }> = {
  'redis:': { kind: 'redis', tls: false, port: 6379 },
  'rediss:': { kind: 'redis', tls: true, port: 6379 },
  'nats:': { kind: 'nats', tls: false, port: 4222 },
  'tls:': { kind: 'nats', tls: true, port: 4222 },
}

/** `text` with any `user:password@` or `token@` masked, for an error about a URL that did not parse. */
export function maskBusUrl(text: string): string {
  return text.replace(/\/\/[^/@]*@/, '//***@')
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
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ConfigError(
      `BUS_URL must be a URL (nats://…, tls://…, redis://…, rediss://…), got "${maskBusUrl(text)}"`,
    )
  }
  const scheme = SCHEMES[url.protocol]
  if (!scheme) {
    throw new ConfigError(
      `BUS_URL must start with nats://, tls:// (NATS over TLS), redis:// or rediss://, got "${maskBusUrl(text)}"`,
    )
  }
  const masked = new URL(url.href)
  if (masked.password) masked.password = '***'
  else if (masked.username && scheme.kind === 'nats') masked.username = '***'
  const shown = masked.href
  if (!url.hostname) throw new ConfigError(`BUS_URL names no host: "${shown}"`)
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
    port: url.port ? Number(url.port) : scheme.port,
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
