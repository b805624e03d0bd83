// How environment variables are read: booleans, lists, origins, integers, proxy lists.
import proxyaddr from 'proxy-addr'

/** A setting that cannot be used: the server says which and stops. */
export class ConfigError extends Error {}

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false
  throw new ConfigError(`expected a boolean (1/0), got "${value}"`)
}

export function list(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean)
}

export function origin(value: string, name: string): string {
  try {
    return new URL(value).origin
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`)
  }
}

/** An integer setting within bounds, or a clear error naming it. */
export function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const text = env[name]
  const value = text === undefined || text === '' ? fallback : Number(text)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer ${min}–${max}, got "${text}"`)
  }
  return value
}

/**
 * The trusted proxies of TRUST_PROXY, checked by proxy-addr's own parser. `1`/`true` (the old
 * switch that believed any X-Forwarded-For) is refused: it must say which proxies to believe.
 */
export function trustList(value: string | undefined): string[] {
  if (value === undefined || ['', '0', 'false', 'no', 'off'].includes(value.toLowerCase()))
    return []
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) {
    throw new ConfigError(
      'TRUST_PROXY lists the proxies to believe (e.g. "loopback" or "10.0.0.0/8"), not 1/true',
    )
  }
  const entries = list(value)
  try {
    proxyaddr.compile(entries)
  } catch (error) {
    throw new ConfigError(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`)
  }
  return entries
}
