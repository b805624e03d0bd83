import type { IncomingMessage } from 'node:http'
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
 * Who is calling: the rightmost address of `X-Forwarded-For` that is not one of our trusted
 * proxies (proxy-addr), so entries a client wrote itself — on the left, where
 * `$proxy_add_x_forwarded_for` keeps them — are never believed. No trusted proxy: the peer.
 */
export function clientAddressOf(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
): string {
  if (config.trustedProxies.length === 0) return peerOf(request)
  return proxyaddr(request, trustOf(config))
}

/** True when the TCP peer is one of our trusted proxies, so the headers it adds are its own. */
export function fromTrustedProxy(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
): boolean {
  if (config.trustedProxies.length === 0) return false
  return trustOf(config)(peerOf(request), 0)
}

/** A header only a trusted proxy may set (`X-Forwarded-Proto`, the country header), else undefined. */
export function proxyHeader(
  request: IncomingMessage,
  config: Pick<ServerConfig, 'trustedProxies'>,
  name: string,
): string | undefined {
  if (!fromTrustedProxy(request, config)) return undefined
  const value = request.headers[name.toLowerCase()]
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined
}
