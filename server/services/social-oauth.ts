/**
 * The OAuth 2.0 side of social login (issue #28), through arctic: the authorization URL (with
 * `state` and, where the provider takes it, PKCE), the code exchange, the provider's user info
 * and a tweet. Tokens pass through here and are never logged; stored ones are encrypted.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { CodeChallengeMethod, Facebook, OAuth2Client, Twitter, type OAuth2Tokens } from 'arctic'
import type { SocialProvider, SocialProviderConfig } from '../config-social.ts'

const TIMEOUT_MS = 10_000

/** The authorization URL the browser is sent to. */
export function authorizationUrl(
  provider: SocialProvider,
  config: SocialProviderConfig,
  redirectUri: string,
  state: string,
  codeVerifier: string,
): URL {
  if (config.customEndpoints) {
    const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri)
    return client.createAuthorizationURLWithPKCE(
      config.authorizeUrl,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      config.scopes,
    )
  }
  if (provider === 'twitter') {
    const client = new Twitter(config.clientId, config.clientSecret, redirectUri)
    return client.createAuthorizationURL(state, codeVerifier, config.scopes)
  }
  // Facebook's own client takes no PKCE: `state` (one use, bound to the session) guards it.
  return new Facebook(config.clientId, config.clientSecret, redirectUri).createAuthorizationURL(
    state,
    config.scopes,
  )
}

/** What a token answer gave: the access token, its refresh token and expiry when present. */
export interface ProviderTokens {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
}

function tokensOf(tokens: OAuth2Tokens): ProviderTokens {
  let expiresAt: Date | null = null
  try {
    expiresAt = tokens.accessTokenExpiresAt()
  } catch {
    expiresAt = null // no `expires_in` in the answer
  }
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt,
  }
}

/** The tokens for an authorization code; throws when the provider refuses. */
export async function exchangeCode(
  provider: SocialProvider,
  config: SocialProviderConfig,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<ProviderTokens> {
  if (config.customEndpoints) {
    const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri)
    return tokensOf(await client.validateAuthorizationCode(config.tokenUrl, code, codeVerifier))
  }
  if (provider === 'twitter') {
    const client = new Twitter(config.clientId, config.clientSecret, redirectUri)
    return tokensOf(await client.validateAuthorizationCode(code, codeVerifier))
  }
  const client = new Facebook(config.clientId, config.clientSecret, redirectUri)
  return tokensOf(await client.validateAuthorizationCode(code))
}

/**
 * New tokens for a refresh token (X, `grant_type=refresh_token`); throws when the provider
 * refuses (arctic's OAuth2RequestError carries the code, never the tokens). X rotates the
 * refresh token: a missing one in the answer keeps the old one.
 */
export async function refreshTokens(
  config: SocialProviderConfig,
  refreshToken: string,
): Promise<ProviderTokens> {
  const tokens = config.customEndpoints
    ? await new OAuth2Client(config.clientId, config.clientSecret, null).refreshAccessToken(
        config.tokenUrl,
        refreshToken,
        [],
      )
    : await new Twitter(config.clientId, config.clientSecret, '').refreshAccessToken(refreshToken)
  const fresh = tokensOf(tokens)
  return { ...fresh, refreshToken: fresh.refreshToken ?? refreshToken }
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value
  if (typeof value === 'number') return String(value)
  return undefined
}

/**
 * Who the token belongs to: X answers `{data: {id, name}}`, Facebook `{id, name}`, an OpenID
 * provider `{sub, name | preferred_username}`.
 */
export async function fetchIdentity(
  config: SocialProviderConfig,
  accessToken: string,
): Promise<{ subject: string; name: string }> {
  const response = await fetch(config.userInfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new Error(`user info answered ${response.status}`)
  const body = (await response.json()) as Record<string, unknown>
  const inner = body.data && typeof body.data === 'object' ? body.data : body
  const record = inner as Record<string, unknown>
  const subject = text(record.id) ?? text(record.sub)
  if (!subject || subject.length > 128) throw new Error('user info without an id')
  const name = text(record.name) ?? text(record.preferred_username) ?? text(record.username) ?? ''
  return { subject, name: name.slice(0, 64) }
}

export type TweetResult = 'ok' | 'unauthorized' | 'failed'

/** Posts `text` as the token's user (X's `POST /2/tweets`); 'unauthorized' on a 401. */
export async function postTweet(
  config: SocialProviderConfig,
  accessToken: string,
  body: string,
): Promise<TweetResult> {
  if (!config.postUrl) return 'failed'
  try {
    const response = await fetch(config.postUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: body }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    if (response.ok) return 'ok'
    return response.status === 401 ? 'unauthorized' : 'failed'
  } catch {
    return 'failed'
  }
}

/** AES-256-GCM with a key derived from the provider's client secret. */
function tokenKey(config: SocialProviderConfig): Buffer {
  return createHash('sha256').update(`kirari social token\0${config.clientSecret}`).digest()
}

export function sealToken(config: SocialProviderConfig, token: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', tokenKey(config), iv)
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')
}

/** The stored token, or null when it cannot be opened (the secret changed since). */
export function openToken(config: SocialProviderConfig, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(config), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
