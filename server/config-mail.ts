// Mail settings (issue #28): SMTP_URL switches the mail side from the outbox to SMTP.
import { ConfigError, integer } from './config-values.ts'
import { checkMail } from '../src/domain/account-rules.ts'

export interface MailConfig {
  /**
   * `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`: mail goes out through
   * it (services/smtp-provider.ts). Undefined: mail stays in the outbox, as SMS does — in
   * production too, where the operator should set it.
   */
  smtpUrl: string | undefined
  /** `host:port` of SMTP_URL, what the logs name (never its user or password). */
  smtpHost: string | undefined
  /** The From header (SMTP_FROM); default `Kirari <no-reply@{PUBLIC_ORIGIN's host}>`. */
  from: string
  /** Attempts a mail gets before it is marked failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number
  /** The first retry's wait (MAIL_RETRY_MS); each next one waits four times longer. */
  retryBaseMs: number
  /** How often the sender looks for due mails besides being woken by a new one (MAIL_POLL_MS). */
  pollMs: number
}

/** `addr@host` or `Name <addr@host>`. */
function checkFrom(from: string): boolean {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(from.trim())
  const address = match?.[1] ?? match?.[2]
  return address !== undefined && checkMail(address)
}

export function loadMailConfig(env: NodeJS.ProcessEnv, publicOrigin: string | undefined) {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  let smtpHost: string | undefined
  if (smtpUrl) {
    let url: URL | undefined
    try {
      url = new URL(smtpUrl)
    } catch {
      url = undefined
    }
    // The value itself is not repeated: it may hold the password.
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname) {
      throw new ConfigError(
        'SMTP_URL must be smtp://user:pass@host:587 or smtps://user:pass@host:465 (value not shown)',
      )
    }
    smtpHost = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`
  }
  const host = publicOrigin ? new URL(publicOrigin).hostname : 'kirari.example'
  const from = env.SMTP_FROM?.trim() || `Kirari <no-reply@${host}>`
  if (!checkFrom(from)) {
    throw new ConfigError(
      `SMTP_FROM must be a mail address or "Name <address>", got "${env.SMTP_FROM}"`,
    )
  }
  return {
    smtpUrl,
    smtpHost,
    from,
    maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 6, 1, 20),
    retryBaseMs: integer(env, 'MAIL_RETRY_MS', 1000, 1, 3_600_000),
    pollMs: integer(env, 'MAIL_POLL_MS', 30_000, 10, 3_600_000),
  } satisfies MailConfig
}
