import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env.ts'

/**
 * Security headers on every response. The CSP allows our own origin (scripts, styles, media,
 * sockets) plus configured analytics origins only; nobody may frame the site. A page with an
 * inline script of its own (a room's state, room-page.ts) allows that script by its hash.
 */
export function securityHeaders(analyticsOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const extra = analyticsOrigins.join(' ')
  const withExtra = (base: string) => (extra ? `${base} ${extra}` : base)
  const csp = (scriptHashes: readonly string[]) =>
    [
      "default-src 'self'",
      withExtra(["script-src 'self'", ...scriptHashes].join(' ')),
      // sonner and React set inline style attributes.
      "style-src 'self' 'unsafe-inline'",
      withExtra("img-src 'self' data: blob:"),
      "media-src 'self' blob:",
      "font-src 'self' data:",
      withExtra("connect-src 'self'"),
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ')
  const plain = csp([])
  return async (c, next) => {
    await next()
    const hashes = c.get('scriptHashes')
    c.header('Content-Security-Policy', hashes?.length ? csp(hashes) : plain)
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    c.header('X-Frame-Options', 'DENY')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    // The camera and microphone for the site's own pages only (the broadcast page, issue #51);
    // never for a frame of another origin.
    c.header('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()')
  }
}
