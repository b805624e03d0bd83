import { ConfigError } from './config-values.ts'

/** The social login providers (SPEC.md §7 Social); each is on once its keys are set. */
export const SOCIAL_PROVIDERS = ['twitter', 'facebook'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** One provider's OAuth 2.0 client: its keys and endpoints (issue #28). */
export interface SocialProviderConfig {
  clientId: string
  clientSecret: string
  /** True when an endpoint was named: the generic client (with PKCE) is used for every provider. */
  customEndpoints: boolean
  authorizeUrl: string
  tokenUrl: string
  userInfoUrl: string
  /** Where a tweet is posted (X only; `POST {text}` with the user's token). */
  postUrl: string
  scopes: string[]
}

export type SocialConfig = Partial<Record<SocialProvider, SocialProviderConfig>>

const DEFAULTS: Record<
  SocialProvider,
  Pick<SocialProviderConfig, 'authorizeUrl' | 'tokenUrl' | 'userInfoUrl' | 'postUrl' | 'scopes'>
> = {
  twitter: {
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me',
    postUrl: 'https://api.x.com/2/tweets',
    scopes: ['users.read', 'tweet.read', 'tweet.write', 'offline.access'],
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v16.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v16.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name',
    postUrl: '',
    scopes: ['public_profile'],
  },
}

function url(env: NodeJS.ProcessEnv, name: string, production: boolean): string | undefined {
  const value = env[name]?.trim()
  if (!value) return undefined
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${value}"`)
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && (loopback || !production))) {
    throw new ConfigError(`${name} must be https (http only on loopback), got "${value}"`)
  }
  return parsed.href
}

/**
 * `TWITTER_CLIENT_ID` + `TWITTER_CLIENT_SECRET` turn X login on (likewise `FACEBOOK_*`); the
 * optional `*_AUTHORIZE_URL`, `*_TOKEN_URL`, `*_USERINFO_URL` (and `TWITTER_POST_URL`) name
 * a self-hosted or test identity provider's endpoints. One key without the other is an error.
 */
export function loadSocialConfig(env: NodeJS.ProcessEnv, production: boolean): SocialConfig {
  const config: SocialConfig = {}
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = provider.toUpperCase()
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim() ?? ''
    const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim() ?? ''
    if (!clientId && !clientSecret) continue
    if (!clientId || !clientSecret) {
      throw new ConfigError(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are set together`)
    }
    const authorizeUrl = url(env, `${prefix}_AUTHORIZE_URL`, production)
    const tokenUrl = url(env, `${prefix}_TOKEN_URL`, production)
    const userInfoUrl = url(env, `${prefix}_USERINFO_URL`, production)
    const postUrl = url(env, `${prefix}_POST_URL`, production)
    const defaults = DEFAULTS[provider]
    config[provider] = {
      clientId,
      clientSecret,
      customEndpoints: Boolean(authorizeUrl ?? tokenUrl),
      authorizeUrl: authorizeUrl ?? defaults.authorizeUrl,
      tokenUrl: tokenUrl ?? defaults.tokenUrl,
      userInfoUrl: userInfoUrl ?? defaults.userInfoUrl,
      postUrl: postUrl ?? defaults.postUrl,
      scopes: defaults.scopes,
    }
  }
  return config
}

export function configuredProviders(config: SocialConfig): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((p) => config[p] !== undefined)
}
