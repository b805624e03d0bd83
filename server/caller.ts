import type { IncomingMessage } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { AppEnv } from './env.ts'
import { clientAddressOf, proxyHeader } from './client-address.ts'

/** The Node request under Hono's (absent when a test calls `app.request` directly). */
function incoming(c: Context<AppEnv>): IncomingMessage | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming
}

/** The caller's address: the peer, or behind TRUST_PROXY the rightmost untrusted forwarded hop. */
export function clientAddress(c: Context<AppEnv>): string {
  const request = incoming(c)
  return request ? clientAddressOf(request, c.var.config) : 'unknown'
}

/** The caller's country (ISO 3166 alpha-2) from COUNTRY_HEADER set by a trusted proxy, if any. */
export function clientCountry(c: Context<AppEnv>): string | undefined {
  const request = incoming(c)
  const header = c.var.config.countryHeader
  if (!request || !header) return undefined
  return proxyHeader(request, c.var.config, header)?.toUpperCase()
}

/** https directly, or behind a trusted proxy that terminated TLS. */
export function isHttps(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true
  // A site whose public address is https is never meant to be used over http.
  if (c.var.config.publicOrigin?.startsWith('https:')) return true
  const request = incoming(c)
  return (
    request !== undefined && proxyHeader(request, c.var.config, 'x-forwarded-proto') === 'https'
  )
}

/**
 * The origin every absolute URL is written with (PUBLIC_ORIGIN; in the demo, the address the
 * server listens on). Never the request's Host header, which the caller chooses.
 */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.var.origin
}
