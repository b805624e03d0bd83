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
  /** SPEC §9: the second analytics property, for pages under /povo_ec/ only. */
  shopPageViewUrl: string | undefined
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
  /** The flow visualizer (/dev/flows) and the app's actor reports to it. */
  flows: boolean
  /** Demo bot comments a minute in each demo room on air; 0 = off. */
  demoBotsPerMinute: number
  /** `redis://…` or `nats://…`: the bus that joins several processes into one site. */
  busUrl: string | undefined
  /** How often this process reports its socket viewers per live (services/presence.ts). */
  presenceIntervalMs: number
  /** How long shared reads are kept (server/read-cache.ts); 0 turns the cache off. */
  readCacheMs: number
  /** Where OBS publishes (the nginx RTMP module's application); the stream key is per room. */
  rtmpUrl: string
  /** Secret nginx adds to its on_publish callbacks; without one, only loopback callers count. */
  rtmpCallbackSecret: string | undefined
  /** nginx-rtmp's working directory; its HLS is written under `hls/`, which the server serves. */
  mediaDir: string
  /**
   * Who takes payments (services/payments.ts): 'sandbox', the local test payment page (default
   * unless production), or 'none' (default in production: checkout answers that payment is
   * unavailable). A real provider gets its own name here.
   */
  paymentProvider: PaymentProviderName
  /**
   * How often open orders past their expiry are expired and their held stock given back
   * (services/order-settlement.ts startOrderSweeper); 0 = off. 60 s by default, off in tests.
   */
  orderSweepMs: number
}

export const PAYMENT_PROVIDERS = ['sandbox', 'none'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

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

/** More than this would flood a room (and the database) rather than liven it up. */
export const MAX_DEMO_BOTS_PER_MINUTE = 600

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
  const shopPageViewUrl = env.SHOP_PAGE_VIEW_URL || undefined
  if (shopPageViewUrl) analyticsOrigins.push(origin(shopPageViewUrl, 'SHOP_PAGE_VIEW_URL'))
  const dataDir = env.DATA_DIR ?? path.join(root, '.data')
  const production = env.NODE_ENV === 'production'
  const captchaFixedWord = env.CAPTCHA_FIXED_WORD || undefined
  if (captchaFixedWord && production) {
    throw new ConfigError(
      'CAPTCHA_FIXED_WORD is for automated tests and is refused with NODE_ENV=production',
    )
  }
  const seedDemo = flag(env.SEED_DEMO, databaseUrl === undefined)
  const busUrl = env.BUS_URL || undefined
  if (busUrl && !/^(rediss?|nats):\/\//.test(busUrl)) {
    throw new ConfigError(`BUS_URL must start with redis://, rediss:// or nats://, got "${busUrl}"`)
  }
  const readCacheMs = Number(env.READ_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000))
  if (!Number.isInteger(readCacheMs) || readCacheMs < 0 || readCacheMs > 60_000) {
    throw new ConfigError(`READ_CACHE_MS must be an integer 0–60000, got "${env.READ_CACHE_MS}"`)
  }
  const presenceIntervalMs = Number(env.PRESENCE_INTERVAL_MS ?? 5000)
  if (!Number.isInteger(presenceIntervalMs) || presenceIntervalMs < 50) {
    throw new ConfigError(
      `PRESENCE_INTERVAL_MS must be an integer of at least 50, got "${env.PRESENCE_INTERVAL_MS}"`,
    )
  }
  // On by default for a demo site, but never in tests unless a test asks for it.
  const botsDefault = seedDemo && env.NODE_ENV !== 'test' ? 6 : 0
  const botsText = env.DEMO_BOTS_PER_MINUTE || String(botsDefault)
  const demoBotsPerMinute = Number(botsText)
  if (!/^\d{1,4}$/.test(botsText) || demoBotsPerMinute > MAX_DEMO_BOTS_PER_MINUTE) {
    throw new ConfigError(
      `DEMO_BOTS_PER_MINUTE must be an integer 0–${MAX_DEMO_BOTS_PER_MINUTE}, got "${env.DEMO_BOTS_PER_MINUTE}"`,
    )
  }
  const paymentProvider = env.PAYMENT_PROVIDER || (production ? 'none' : 'sandbox')
  if (!(PAYMENT_PROVIDERS as readonly string[]).includes(paymentProvider)) {
    throw new ConfigError(
      `PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDERS.join(', ')}, got "${paymentProvider}"`,
    )
  }
  const orderSweepMs = Number(env.ORDER_SWEEP_MS || (env.NODE_ENV === 'test' ? 0 : 60_000))
  if (
    !Number.isInteger(orderSweepMs) ||
    orderSweepMs < 0 ||
    orderSweepMs > 86_400_000 ||
    (orderSweepMs > 0 && orderSweepMs < 10)
  ) {
    throw new ConfigError(
      `ORDER_SWEEP_MS must be 0 (off) or an integer 10–86400000, got "${env.ORDER_SWEEP_MS}"`,
    )
  }
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(root, dataDir),
    databaseUrl,
    seedDemo,
    maintenance: flag(env.MAINTENANCE, false),
    production,
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    i18nDir: path.resolve(root, 'i18n'),
    publicDir: path.resolve(root, 'public'),
    pageViewUrl,
    shopPageViewUrl,
    analyticsOrigins: [...new Set(analyticsOrigins)],
    externalHosts: list(env.EXTERNAL_HOSTS),
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 10_000),
    captchaFixedWord,
    trustProxy: flag(env.TRUST_PROXY, false),
    rtmpUrl: env.RTMP_URL ?? 'rtmp://127.0.0.1:1935/live',
    rtmpCallbackSecret: env.RTMP_CALLBACK_SECRET || undefined,
    mediaDir: path.resolve(root, env.MEDIA_DIR ?? '.data/media'),
    devPages: flag(env.KIRARI_DEV_PAGES, !production),
    flows: flag(env.KIRARI_FLOWS, !production),
    demoBotsPerMinute,
    busUrl,
    presenceIntervalMs,
    readCacheMs,
    paymentProvider: paymentProvider as PaymentProviderName,
    orderSweepMs,
  }
}
