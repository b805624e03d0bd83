// Observability settings (issue #26): the error collector, error forwarding and /metrics.
import { ConfigError, integer } from './config-values.ts'

/** The project id of the built-in collector's DSN: its envelopes arrive at `/api/1/envelope/`. */
export const COLLECTOR_PROJECT_ID = '1'

/** Where a Sentry-compatible DSN takes envelopes, and the key that goes with them. */
export interface DsnTarget {
  dsn: string
  publicKey: string
  /** `{origin}{path}/api/{project}/envelope/` (without the key). */
  envelopeUrl: string
}

export interface ObservabilityConfig {
  /** The public key the collector accepts (ERROR_COLLECTOR_KEY); it is in the app's bundle. */
  collectorKey: string
  /**
   * The DSN the app reports to (SENTRY_DSN); undefined: the built-in collector's, written by
   * `collectorDsn` with the site's origin.
   */
  sentryDsn: string | undefined
  /** Every accepted envelope and every server error is sent on here too (ERROR_FORWARD_DSN). */
  errorForward: DsnTarget | undefined
  /** `environment` of server-side events: production or demo (ERROR_ENVIRONMENT). */
  environment: string
  /** `release` of server-side events (RELEASE), if known. */
  release: string | undefined
  /** Bearer token /metrics requires (METRICS_TOKEN); undefined: none. */
  metricsToken: string | undefined
  /** `host:port` of a listener that serves only /metrics (METRICS_ADDRESS); undefined: none. */
  metricsAddress: { host: string; port: number } | undefined
  /**
   * Whether the main port answers /metrics: with a token always; without one only in the demo
   * (loopback callers); in production without a token it is a 404, never public.
   */
  metricsOnMainPort: 'token' | 'loopback' | 'off'
  /**
   * The share of page loads whose vitals the app sends (VITALS_SAMPLE_RATE, 0–1): all of them in
   * the demo, one in ten on a production site.
   */
  vitalsSampleRate: number
  /** Collector envelopes and vitals posts one address may send a minute. */
  intakePerMinute: number
}

/** Parses `https://key@host[:port][/path]/project`, the DSN form Sentry and GlitchTip use. */
export function parseDsn(value: string, name: string): DsnTarget {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be a DSN like https://key@sentry.example/1, got "${value}"`)
  }
  const parts = url.pathname.split('/').filter(Boolean)
  const project = parts.pop()
  if (
    !/^https?:$/.test(url.protocol) ||
    !url.username ||
    project === undefined ||
    !/^\d+$/.test(project)
  ) {
    throw new ConfigError(`${name} must be a DSN like https://key@sentry.example/1, got "${value}"`)
  }
  const prefix = parts.length > 0 ? `/${parts.join('/')}` : ''
  return {
    dsn: value,
    publicKey: decodeURIComponent(url.username),
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
  }
}

/** The built-in collector's DSN on `origin` (PUBLIC_ORIGIN, or the demo's own address). */
export function collectorDsn(config: ObservabilityConfig, origin: string): string {
  if (config.sentryDsn) return config.sentryDsn
  const url = new URL(origin)
  return `${url.protocol}//${config.collectorKey}@${url.host}/${COLLECTOR_PROJECT_ID}`
}

function listenAddress(value: string): { host: string; port: number } {
  const match = /^(?:\[([0-9a-f:.]+)\]|([\w.-]+)):(\d{1,5})$/i.exec(value)
  const port = Number(match?.[3])
  const host = match?.[1] ?? match?.[2]
  if (!host || !Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`METRICS_ADDRESS must be host:port (e.g. 10.0.0.5:9464), got "${value}"`)
  }
  return { host, port }
}

export function loadObservabilityConfig(
  env: NodeJS.ProcessEnv,
  demo: boolean,
): ObservabilityConfig {
  const collectorKey = env.ERROR_COLLECTOR_KEY?.trim() || 'kirari'
  if (!/^[\w-]{1,64}$/.test(collectorKey)) {
    throw new ConfigError(`ERROR_COLLECTOR_KEY must be 1–64 letters, digits, _ or -`)
  }
  const sentryDsn = env.SENTRY_DSN?.trim() || undefined
  if (sentryDsn) parseDsn(sentryDsn, 'SENTRY_DSN')
  const forward = env.ERROR_FORWARD_DSN?.trim()
  const metricsToken = env.METRICS_TOKEN || undefined
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must be 16–256 printable characters without spaces')
  }
  const address = env.METRICS_ADDRESS?.trim()
  const environment = env.ERROR_ENVIRONMENT?.trim() || (demo ? 'demo' : 'production')
  if (!/^[\w.-]{1,64}$/.test(environment)) {
    throw new ConfigError(`ERROR_ENVIRONMENT must be 1–64 letters, digits, ., _ or -`)
  }
  const rateText = env.VITALS_SAMPLE_RATE?.trim() || (demo ? '1' : '0.1')
  const vitalsSampleRate = Number(rateText)
  if (!/^(0|1|0?\.\d{1,4}|1\.0+)$/.test(rateText) || vitalsSampleRate > 1) {
    throw new ConfigError(`VITALS_SAMPLE_RATE must be a number 0–1, got "${rateText}"`)
  }
  return {
    vitalsSampleRate,
    collectorKey,
    sentryDsn,
    errorForward: forward ? parseDsn(forward, 'ERROR_FORWARD_DSN') : undefined,
    environment,
    release: env.RELEASE?.trim().slice(0, 200) || undefined,
    metricsToken,
    metricsAddress: address ? listenAddress(address) : undefined,
    metricsOnMainPort: metricsToken ? 'token' : demo ? 'loopback' : 'off',
    intakePerMinute: integer(env, 'OBSERVABILITY_INTAKE_PER_MINUTE', 120, 1, 100_000),
  }
}
