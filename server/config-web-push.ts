// Web Push settings (issue #41): the VAPID key pair the site signs its pushes with, and the
// contact push services may write to. Without the pair no device is offered notifications.
import { ConfigError, flag, integer, list } from './config-values.ts'
import type { OutboundPolicy } from './outbound/client.ts'

/**
 * The browsers' push services (Chrome, Edge's Chromium, Samsung Internet and Opera use FCM;
 * Firefox Mozilla's autopush; Safari Apple's; legacy Edge WNS): a production site sends only to
 * hosts under these unless WEB_PUSH_HOSTS says otherwise.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const

export interface WebPushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys` prints); null: Web Push is off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null
  /** Notifications sent at once by one process (WEB_PUSH_CONCURRENCY). */
  concurrency: number
  /** How long a push service keeps an undelivered notification (WEB_PUSH_TTL_S). */
  ttlSeconds: number
  /** The whole of one send, answer included (WEB_PUSH_DEADLINE_MS). */
  deadlineMs: number
  /**
   * Where endpoints may point: public addresses only; in production port 443 and the hosts of
   * WEB_PUSH_HOSTS (default PUSH_SERVICE_HOSTS; `*`: any public host). Loopback only with
   * WEB_PUSH_ALLOW_LOOPBACK=1, for the tests' local push service, never in production.
   */
  policy: OutboundPolicy
}

/** A P-256 key's length in bytes once decoded: public points uncompressed (65), private scalars (32). */
function base64urlOf(name: string, value: string, bytes: number): string {
  if (!/^[A-Za-z0-9_-]+$/.test(value) || Buffer.from(value, 'base64url').length !== bytes) {
    throw new ConfigError(
      `${name} must be a base64url P-256 key of ${bytes} bytes (npx web-push generate-vapid-keys); value not shown`,
    )
  }
  return value
}

function policyOf(env: NodeJS.ProcessEnv, production: boolean): OutboundPolicy {
  const allowLoopback = flag(env.WEB_PUSH_ALLOW_LOOPBACK, false)
  if (allowLoopback && production) {
    throw new ConfigError(
      'WEB_PUSH_ALLOW_LOOPBACK=1 is for the tests’ local push service and is refused in production',
    )
  }
  const hosts = list(env.WEB_PUSH_HOSTS?.toLowerCase())
  for (const host of hosts) {
    if (host !== '*' && !/^([a-z0-9-]+\.)*[a-z0-9-]+$/.test(host)) {
      throw new ConfigError(`WEB_PUSH_HOSTS must list host names (or *), got "${host}"`)
    }
  }
  const hostSuffixes =
    hosts.includes('*') || (hosts.length === 0 && !production)
      ? null
      : hosts.length > 0
        ? hosts
        : [...PUSH_SERVICE_HOSTS]
  return { allowLoopback, ports: production ? [443] : null, hostSuffixes }
}

export function loadWebPushConfig(
  env: NodeJS.ProcessEnv,
  supportMail: string,
  production: boolean,
): WebPushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || undefined
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || undefined
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all')
  }
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${supportMail}`
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(subject)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: contact, got "${subject}"`)
  }
  return {
    vapid:
      publicKey && privateKey
        ? {
            publicKey: base64urlOf('VAPID_PUBLIC_KEY', publicKey, 65),
            privateKey: base64urlOf('VAPID_PRIVATE_KEY', privateKey, 32),
            subject,
          }
        : null,
    concurrency: integer(env, 'WEB_PUSH_CONCURRENCY', 64, 1, 1024),
    ttlSeconds: integer(env, 'WEB_PUSH_TTL_S', 3_600, 0, 28 * 24 * 3_600),
    deadlineMs: integer(env, 'WEB_PUSH_DEADLINE_MS', 10_000, 1_000, 60_000),
    policy: policyOf(env, production),
  }
}
