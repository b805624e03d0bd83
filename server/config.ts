import path from 'node:path'

/** Everything the server reads from its environment, parsed once and validated. */
export interface ServerConfig {
  host: string
  port: number
  /** PGlite data directory, used when no DATABASE_URL is set. `memory://` keeps it in memory. */
  dataDir: string
  databaseUrl: string | undefined
  /** Seed demo rooms, livers and viewers into an empty database. */
  seedDemo: boolean
  maintenance: boolean
  production: boolean
  /** Built SPA served at `/` (the output of `vite build`). */
  distDir: string
  i18nDir: string
  publicDir: string
  /** Absolute page-view beacon endpoint; its origin joins the CSP. Off when unset. */
  pageViewUrl: string | undefined
  /** Extra origins allowed to load scripts and receive beacons (analytics), space separated. */
  analyticsOrigins: string[]
  /** Hosts the client may navigate to outside our own origin. */
  externalHosts: string[]
  /** Milliseconds to wait for open requests on SIGTERM before closing anyway. */
  shutdownGraceMs: number
  /** Tests only: every captcha accepts this word. Refused in production. */
  captchaFixedWord: string | undefined
  /** Read the client address from X-Forwarded-For (behind a trusted load balancer). */
  trustProxy: boolean
  /** Developer pages (/dev/outbox): on unless production, or with KIRARI_DEV_PAGES=1. */
  devPages: boolean
}

export class ConfigError extends Error {}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(value.toLowerCase())) return true
  if (['0', 'false', 'no', 'off'].includes(value.toLowerCase())) return false
  throw new ConfigError(`expected a boolean (1/0), got "${value}"`)
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean)
}

function origin(value: string, name: string): string {
  try {
    return new URL(value).origin
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`)
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): ServerConfig {
  const port = Number(env.PORT ?? 8080)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer 0–65535, got "${env.PORT}"`)
  }
  const databaseUrl = env.DATABASE_URL || undefined
  const pageViewUrl = env.PAGE_VIEW_URL || undefined
  const analyticsOrigins = list(env.ANALYTICS_ORIGINS).map((o) => origin(o, 'ANALYTICS_ORIGINS'))
  if (pageViewUrl) analyticsOrigins.push(origin(pageViewUrl, 'PAGE_VIEW_URL'))
  const dataDir = env.DATA_DIR ?? path.join(root, '.data')
  const production = env.NODE_ENV === 'production'
  const captchaFixedWord = env.CAPTCHA_FIXED_WORD || undefined
  if (captchaFixedWord && production) {
    throw new ConfigError(
      'CAPTCHA_FIXED_WORD is for automated tests and is refused with NODE_ENV=production',
    )
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(root, dataDir),
    databaseUrl,
    seedDemo: flag(env.SEED_DEMO, databaseUrl === undefined),
    maintenance: flag(env.MAINTENANCE, false),
    production,
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    i18nDir: path.resolve(root, 'i18n'),
    publicDir: path.resolve(root, 'public'),
    pageViewUrl,
    analyticsOrigins: [...new Set(analyticsOrigins)],
    externalHosts: list(env.EXTERNAL_HOSTS),
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 10_000),
    captchaFixedWord,
    trustProxy: flag(env.TRUST_PROXY, false),
    devPages: flag(env.KIRARI_DEV_PAGES, !production),
  }
}
