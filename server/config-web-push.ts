// Web Push settings (issue #41): the VAPID key pair the site signs its pushes with, and the
// contact push services may write to. Without the pair no device is offered notifications.
import { ConfigError, integer } from './config-values.ts'

export interface WebPushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as `npx web-push generate-vapid-keys` prints); null: Web Push is off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null
  /** Notifications sent at once by one process (WEB_PUSH_CONCURRENCY). */
  concurrency: number
  /** How long a push service keeps an undelivered notification (WEB_PUSH_TTL_S). */
  ttlSeconds: number
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

export function loadWebPushConfig(env: NodeJS.ProcessEnv, supportMail: string): WebPushConfig {
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
  }
}
