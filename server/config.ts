import path from 'node:path'
import { ConfigError, flag, integer, list, origin, trustList } from './config-values.ts'
import { loadObservabilityConfig, type ObservabilityConfig } from './config-observability.ts'
import { loadMailConfig, type MailConfig } from './config-mail.ts'
import { loadWebPushConfig, type WebPushConfig } from './config-web-push.ts'
import { loadMediaConfig } from './config-media.ts'
import { loadTurnConfig, type TurnConfig } from './config-turn.ts'
import { loadSocialConfig, type SocialConfig } from './config-social.ts'
import { loadBusUrl } from './config-bus.ts'
import { checkMail } from '../src/domain/account-rules.ts'
import { BUNDLED_TERMS_VERSION, isTermsVersion } from '../src/domain/terms.ts'

export { ConfigError }

/** Everything the server reads from its environment, parsed once and validated. */
export interface ServerConfig {
  host: string
  port: number
  /** PGlite data directory, used when no DATABASE_URL is set. `memory://` keeps it in memory. */
  dataDir: string
  databaseUrl: string | undefined
  /** Seed demo rooms, livers and viewers into an empty database (the demo only). */
  seedDemo: boolean
  maintenance: boolean
  /**
   * The local demo (`KIRARI_DEMO=1`, set by `npm start`, `npm run dev` and the tests): dev pages,
   * the outbox view, the sandbox payment page, a fixed captcha word and the demo seed may be on.
   * Without it the server is a production site and refuses every one of them at start.
   */
  demo: boolean
  /** Not the demo: the production rules hold (see `demo`). */
  production: boolean
  /**
   * The site's own origin (`https://live.example.jp`) for every absolute URL the server writes —
   * mails, pushed telop URLs, payment return addresses, share links. Never taken from the Host
   * header. Required in production; the demo uses the address it listens on.
   */
  publicOrigin: string | undefined
  /**
   * Proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and country header are believed
   * (`proxy-addr` trust list: `loopback`, `10.0.0.0/8`, single addresses). Empty: none.
   */
  trustedProxies: string[]
  /** The header a trusted proxy or CDN puts the caller's country in (`CF-IPCountry`); off when unset. */
  countryHeader: string | undefined
  /** Largest request body read, in bytes; larger ones answer 413 before anything is parsed. */
  bodyLimitBytes: number
  /** Push sockets one client address may hold at once. */
  pushMaxPerAddress: number
  /** Push sockets this process holds at once. */
  pushMaxConnections: number
  /** Origins (besides PUBLIC_ORIGIN) whose pages may open the push socket. */
  pushOrigins: string[]
  /** How often expired sessions, captchas, ad watches and rate counters are purged; 0 = off. */
  purgeIntervalMs: number
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
  /**
   * Milliseconds a stopping process keeps its idle keep-alive connections for the balancer to let
   * go (each request still sent on one is answered, with `Connection: close`), so that none is
   * closed under a request on its way. Longer than the balancer's upstream keepalive timeout.
   */
  shutdownLingerMs: number
  /** Tests only: every captcha accepts this word. Refused in production. */
  captchaFixedWord: string | undefined
  /** Developer pages (/dev/outbox): the demo only. */
  devPages: boolean
  /** The flow visualizer (/dev/flows) and the app's actor reports to it. */
  flows: boolean
  /** Demo bot comments a minute in each demo room on air; 0 = off. */
  demoBotsPerMinute: number
  /**
   * `nats://…`, `tls://…` (NATS over TLS), `redis://…` or `rediss://…`: the bus that joins several
   * processes into one site, with its credentials (config-bus.ts). Never logged as it is.
   */
  busUrl: string | undefined
  /** How often this process reports its socket viewers per live (services/presence.ts). */
  presenceIntervalMs: number
  /** How long shared reads are kept (server/read-cache.ts); 0 turns the cache off. */
  readCacheMs: number
  /** How old the rankings' in-memory board may be (services/rankings/board.ts); 0: read each time. */
  rankingBoardMs: number
  /** Where OBS publishes (the nginx RTMP module's application); the stream key is per room. */
  rtmpUrl: string
  /** The operator's mailbox: inquiries and opinions are mailed there. */
  supportMail: string
  /**
   * The terms in force (TERMS_VERSION, the Tokyo date they took effect; default the bundled
   * terms' date): accounts made before it that have not agreed are asked to (domain/terms.ts).
   */
  termsVersion: string
  /** TURN for the broadcast page (config-turn.ts). */
  turn: TurnConfig
  /** Secret nginx adds to its on_publish callbacks; without one, only loopback callers count. */
  rtmpCallbackSecret: string | undefined
  /** nginx-rtmp's working directory (its configuration, pid and logs) on the media host. */
  mediaDir: string
  /**
   * The media host's HTTP origin (`npm run media`): web processes proxy an OBS live's playlists,
   * parts and segments from it, and read its ingest status. MEDIA_ORIGIN, default
   * http://127.0.0.1:{MEDIA_PORT}.
   */
  mediaOrigin: string
  /** Where the media host listens for HTTP (MEDIA_PORT, default 8090). */
  mediaPort: number
  /**
   * The site as the media host reaches it for the publish callbacks (KIRARI_URL, default
   * http://127.0.0.1:{PORT}); in a cluster, the balancer.
   */
  siteUrl: string
  /**
   * Who takes payments (services/payments.ts): 'sandbox', the local test payment page (the
   * demo's default, refused in production), or 'none' (default in production: checkout answers
   * that payment is unavailable). A real provider gets its own name here.
   */
  paymentProvider: PaymentProviderName
  /**
   * How often open orders past their expiry are expired and their held stock given back
   * (services/order-settlement.ts startOrderSweeper); 0 = off. 60 s by default, off in tests.
   */
  orderSweepMs: number
  /** The error collector, forwarding and /metrics (config-observability.ts, issue #26). */
  observability: ObservabilityConfig
  /** X and Facebook OAuth 2.0 clients, those whose keys are set (config-social.ts, issue #28). */
  social: SocialConfig
  /** Mail through SMTP or the outbox (config-mail.ts, issue #28). */
  mail: MailConfig
  /** The VAPID keys of Web Push, when set (config-web-push.ts, issue #41). */
  webPush: WebPushConfig
}

export const PAYMENT_PROVIDERS = ['sandbox', 'none'] as const
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number]

/** JSON and form bodies: far above any call's fields, far below what hurts memory. */
export const DEFAULT_BODY_LIMIT = 64 * 1024

/** More than this would flood a room (and the database) rather than liven it up. */
export const MAX_DEMO_BOTS_PER_MINUTE = 600

/** Demo-only settings named in production: each is a startup error, never quietly ignored. */
function refuseDemoSettings(env: NodeJS.ProcessEnv): void {
  const demoOnly: Array<[string, boolean]> = [
    ['CAPTCHA_FIXED_WORD (every captcha would accept one word)', Boolean(env.CAPTCHA_FIXED_WORD)],
    ['SEED_DEMO=1 (demo accounts have a public password)', flag(env.SEED_DEMO, false)],
    ['KIRARI_DEV_PAGES=1 (the outbox shows every SMS code)', flag(env.KIRARI_DEV_PAGES, false)],
    [
      'PAYMENT_PROVIDER=sandbox (its pay button credits gold with no money)',
      env.PAYMENT_PROVIDER === 'sandbox',
    ],
    [
      'DEMO_BOTS_PER_MINUTE (bots post as demo accounts)',
      /^0*[1-9]/.test(env.DEMO_BOTS_PER_MINUTE ?? ''),
    ],
  ]
  const named = demoOnly.filter(([, on]) => on).map(([what]) => what)
  if (named.length > 0) {
    throw new ConfigError(
      `refused in production: ${named.join('; ')}. These are for the local demo (KIRARI_DEMO=1)`,
    )
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): ServerConfig {
  const media = loadMediaConfig(env, root)
  const demo = flag(env.KIRARI_DEMO, false)
  if (demo && env.NODE_ENV === 'production') {
    throw new ConfigError('KIRARI_DEMO=1 is the local demo and is refused with NODE_ENV=production')
  }
  const production = !demo
  if (production) refuseDemoSettings(env)
  const publicOrigin = env.PUBLIC_ORIGIN ? origin(env.PUBLIC_ORIGIN, 'PUBLIC_ORIGIN') : undefined
  if (production && !publicOrigin) {
    throw new ConfigError(
      'PUBLIC_ORIGIN is required in production (e.g. https://live.example.jp): every link the server writes uses it. For the local demo set KIRARI_DEMO=1 (npm start does)',
    )
  }
  const databaseUrl = env.DATABASE_URL || undefined
  const pageViewUrl = env.PAGE_VIEW_URL || undefined
  const analyticsOrigins = list(env.ANALYTICS_ORIGINS).map((o) => origin(o, 'ANALYTICS_ORIGINS'))
  if (pageViewUrl) analyticsOrigins.push(origin(pageViewUrl, 'PAGE_VIEW_URL'))
  const shopPageViewUrl = env.SHOP_PAGE_VIEW_URL || undefined
  if (shopPageViewUrl) analyticsOrigins.push(origin(shopPageViewUrl, 'SHOP_PAGE_VIEW_URL'))
  const observability = loadObservabilityConfig(env, demo)
  // The app posts its errors there: the CSP lets it (the built-in collector is our own origin).
  if (observability.sentryDsn) analyticsOrigins.push(origin(observability.sentryDsn, 'SENTRY_DSN'))
  const dataDir = env.DATA_DIR ?? path.join(root, '.data')
  const captchaFixedWord = env.CAPTCHA_FIXED_WORD || undefined
  const seedDemo = demo && flag(env.SEED_DEMO, databaseUrl === undefined)
  const busUrl = loadBusUrl(env.BUS_URL, production)
  const readCacheMs = integer(env, 'READ_CACHE_MS', env.NODE_ENV === 'test' ? 0 : 1000, 0, 60_000)
  const presenceIntervalMs = integer(env, 'PRESENCE_INTERVAL_MS', 5000, 50, 3_600_000)
  // On by default for a demo site, but never in tests unless a test asks for it.
  const botsDefault = seedDemo && env.NODE_ENV !== 'test' ? 6 : 0
  const botsText = env.DEMO_BOTS_PER_MINUTE || String(botsDefault)
  const demoBotsPerMinute = Number(botsText)
  if (!/^\d{1,4}$/.test(botsText) || demoBotsPerMinute > MAX_DEMO_BOTS_PER_MINUTE) {
    throw new ConfigError(
      `DEMO_BOTS_PER_MINUTE must be an integer 0–${MAX_DEMO_BOTS_PER_MINUTE}, got "${env.DEMO_BOTS_PER_MINUTE}"`,
    )
  }
  const paymentProvider = env.PAYMENT_PROVIDER || (demo ? 'sandbox' : 'none')
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
  const countryHeader = env.COUNTRY_HEADER?.trim().toLowerCase() || undefined
  if (countryHeader && !/^[a-z0-9-]{1,64}$/.test(countryHeader)) {
    throw new ConfigError(`COUNTRY_HEADER must be a header name, got "${env.COUNTRY_HEADER}"`)
  }
  const trustedProxies = trustList(env.TRUST_PROXY)
  if (countryHeader && trustedProxies.length === 0) {
    throw new ConfigError(
      'COUNTRY_HEADER is believed only from trusted proxies: set TRUST_PROXY to the proxy or CDN that sets it',
    )
  }
  const supportMail =
    env.SUPPORT_MAIL?.trim() ||
    `support@${publicOrigin ? new URL(publicOrigin).hostname : 'kirari.example'}`
  if (!checkMail(supportMail)) {
    throw new ConfigError(`SUPPORT_MAIL must be a mail address, got "${env.SUPPORT_MAIL}"`)
  }
  const termsVersion = env.TERMS_VERSION?.trim() || BUNDLED_TERMS_VERSION
  if (!isTermsVersion(termsVersion)) {
    throw new ConfigError(`TERMS_VERSION must be a date YYYY-MM-DD, got "${env.TERMS_VERSION}"`)
  }
  return {
    ...media,
    supportMail,
    termsVersion,
    dataDir: dataDir.startsWith('memory://') ? dataDir : path.resolve(root, dataDir),
    databaseUrl,
    seedDemo,
    maintenance: flag(env.MAINTENANCE, false),
    demo,
    production,
    publicOrigin,
    turn: loadTurnConfig(env),
    trustedProxies,
    countryHeader,
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', DEFAULT_BODY_LIMIT, 1024, 16 << 20),
    pushMaxPerAddress: integer(env, 'PUSH_MAX_PER_ADDRESS', 64, 1, 1_000_000),
    pushMaxConnections: integer(env, 'PUSH_MAX_CONNECTIONS', 20_000, 1, 1_000_000),
    pushOrigins: list(env.PUSH_ORIGINS).map((o) => origin(o, 'PUSH_ORIGINS')),
    purgeIntervalMs: integer(
      env,
      'PURGE_INTERVAL_MS',
      env.NODE_ENV === 'test' ? 0 : 10 * 60_000,
      0,
      86_400_000,
    ),
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    i18nDir: path.resolve(root, 'i18n'),
    publicDir: path.resolve(root, 'public'),
    pageViewUrl,
    shopPageViewUrl,
    analyticsOrigins: [...new Set(analyticsOrigins)],
    externalHosts: list(env.EXTERNAL_HOSTS),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    shutdownLingerMs: integer(env, 'SHUTDOWN_LINGER_MS', production ? 5_000 : 0, 0, 60_000),
    captchaFixedWord,
    devPages: demo && flag(env.KIRARI_DEV_PAGES, true),
    flows: flag(env.KIRARI_FLOWS, demo),
    demoBotsPerMinute,
    busUrl,
    presenceIntervalMs,
    readCacheMs,
    rankingBoardMs: integer(env, 'RANKING_BOARD_MS', env.NODE_ENV === 'test' ? 0 : 3000, 0, 60_000),
    paymentProvider: paymentProvider as PaymentProviderName,
    orderSweepMs,
    observability,
    social: loadSocialConfig(env, production),
    mail: loadMailConfig(env, publicOrigin),
    webPush: loadWebPushConfig(env, supportMail, production),
  }
}
