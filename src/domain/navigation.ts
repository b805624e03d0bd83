export type NavigationCheck =
  | { ok: true; href: string; external: boolean }
  | { ok: false; reason: 'invalid' | 'dangerous-protocol' | 'not-allowed' }

const DANGEROUS = new Set(['javascript:', 'data:', 'vbscript:'])

/** True when `host` is one of `allowed`, or a subdomain of an entry written as `.example.com`. */
function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) =>
    entry.startsWith('.') ? host.endsWith(entry) || host === entry.slice(1) : host === entry,
  )
}

/**
 * SPEC.md §2: navigation outside our origin is refused unless its host is allow-listed, and
 * `javascript:`, `data:` and `vbscript:` are refused always (the URL parser strips the tabs,
 * newlines and case tricks that hide them).
 */
export function checkNavigation(
  target: string,
  context: { origin: string; allowedHosts: readonly string[] },
): NavigationCheck {
  let url: URL
  try {
    url = new URL(target, context.origin)
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  if (DANGEROUS.has(url.protocol)) return { ok: false, reason: 'dangerous-protocol' }
  if (url.origin === context.origin) {
    return { ok: true, href: url.pathname + url.search + url.hash, external: false }
  }
  if (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    hostAllowed(url.host, context.allowedHosts)
  ) {
    return { ok: true, href: url.href, external: true }
  }
  return { ok: false, reason: 'not-allowed' }
}
