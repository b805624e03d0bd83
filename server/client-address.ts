import type { IncomingMessage } from 'node:http'
import ipaddr from 'ipaddr.js'
import proxyaddr from 'proxy-addr'
import type { ServerConfig } from './config.ts'

type Trust = (address: string, hop: number) => boolean

// One compiled trust function per list (the config is read once, so this holds one entry).
const compiled = new WeakMap<readonly string[], Trust>()
function trustOf(config: Pick<ServerConfig, 'trustedProxies'>): Trust {
  let trust = compiled.get(config.trustedProxies)
  if (!trust) {
    trust = proxyaddr.compile(config.trustedProxies)
    compiled.set(config.trustedProxies, trust)
  }
  return trust
}

/** The TCP peer: the caller itself, or the proxy in front of it. */
function peerOf(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? 'unknown'
}

/**
 * The key a per-address limit counts under: an IPv4 address itself (also when written as an
 * IPv4-mapped IPv6 one), and for IPv6 its /64 — one subscriber gets a whole /64, so counting single
 * IPv6 addresses would let one person be 2^64 callers.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address
  let parsed = ipaddr.parse(address)
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) {
    parsed = parsed.toIPv4Address()
  }
  if (parsed instanceof ipaddr.IPv4) return parsed.toString()
  const groups = parsed.parts.slice(0, 4).map((part) => part.toString(16))
  return `${groups.join(':')}::/64`
}

/**
 * Who is calling: the rightmost address of `X-Forwarded-For` that is not one of our trusted
 * proxies (proxy-addr), so entries a client wrote itself — on the left, where
 * `$proxy_add_x_forwarded_for` keeps them — are never believed. No trusted proxy: the peer.
 */
export function clientAddressOf(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
): string {
  const address =
    config.trustedProxies.length === 0 ? peerOf(request) : proxyaddr(request, trustOf(config))
  return addressKey(address)
}

/** True when the TCP peer is one of our trusted proxies, so the headers it adds are its own. */
export function fromTrustedProxy(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
): boolean {
  if (config.trustedProxies.length === 0) return false
  return trustOf(config)(peerOf(request), 0)
}

/**
 * A header only a trusted proxy may set (`X-Forwarded-Proto`, the country header), else
 * undefined. Of several values, the last (the one the proxy added).
 */
export function proxyHeader(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
  name: string,
): string | undefined {
  if (!fromTrustedProxy(request, config)) return undefined
  const value = request.headers[name.toLowerCase()]
  // The last value is the one our proxy wrote; any before it came with the request.
  const last = (Array.isArray(value) ? value.at(-1) : value)?.split(',').at(-1)
  return last?.trim() || undefined
}
