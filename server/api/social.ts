import { Hono, type Context } from 'hono'
import {
  PostTweetBody,
  SocialSignUpBody,
  SocialTokenBody,
  type SocialAuthDoneAnswer,
  type SocialResult,
} from '../../src/contract/social.ts'
import type { AuthAnswer } from '../../src/contract/user.ts'
import type { Ok } from '../../src/contract/common.ts'
import type { SocialProvider, SocialProviderConfig } from '../config-social.ts'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { requireUserId } from '../request.ts'
import { authMessages } from '../services/accounts.ts'
import { ensureSession, findSession, rotateSession } from '../services/sessions.ts'
import {
  TWEET_FAILED,
  beginAuthorization,
  completeAuthorization,
  failureMessage,
  finishSignup,
  pendingSignup,
  storedToken,
  takeAuthorization,
  type CallbackOutcome,
} from '../services/social-login.ts'
import {
  authorizationUrl,
  exchangeCode,
  fetchIdentity,
  sealToken,
} from '../services/social-oauth.ts'
import { tweetAsUser } from '../services/social-tweet.ts'
import { input } from '../validate.ts'

export { SOCIAL_PROVIDERS } from '../config-social.ts'

const PROVIDER = '/:provider{twitter|facebook}'

/** The provider named in the path and its client; 400 'not configured' without its keys. */
function provider(
  c: Context<AppEnv>,
  fixed?: SocialProvider,
): { name: SocialProvider; config: SocialProviderConfig } {
  const name = fixed ?? (c.req.param('provider') as SocialProvider)
  const config = c.var.config.social[name]
  if (!config) {
    throw new ApiError(400, authMessages.notConfigured, { errorType: 'SOCIAL_NOT_CONFIGURED' })
  }
  return { name, config }
}

const callbackUrl = (c: Context<AppEnv>, name: SocialProvider) =>
  `${c.var.origin}/social/${name}/callback`

/** Back into the app, which reads the result (src/app social callback → the auth machine). */
function backToApp(c: Context<AppEnv>, name: SocialProvider, result: SocialResult, message = '') {
  const query = new URLSearchParams({ social: name, result })
  if (message) query.set('message', message)
  return c.redirect(`/?${query.toString()}`, 302)
}

async function callbackOutcome(
  c: Context<AppEnv>,
  name: SocialProvider,
  config: SocialProviderConfig,
): Promise<CallbackOutcome> {
  const session = await findSession(c.var.db, c)
  const taken = await takeAuthorization(
    c.var.db,
    c.req.query('state') ?? '',
    session?.id ?? null,
    name,
  )
  if (!session || !taken) return { result: 'error', message: failureMessage(name, 'login') }
  const refused = { result: 'error', message: failureMessage(name, taken.purpose) } as const
  const code = c.req.query('code')
  if (!code || c.req.query('error')) return refused
  try {
    const redirectUri = callbackUrl(c, name)
    const tokens = await exchangeCode(name, config, redirectUri, code, taken.codeVerifier)
    const identity = await fetchIdentity(config, tokens.accessToken)
    return await completeAuthorization(c.var.db, session, name, taken.purpose, {
      ...identity,
      sealedToken: sealToken(config, tokens.accessToken),
      sealedRefresh: tokens.refreshToken ? sealToken(config, tokens.refreshToken) : null,
      accessExpiresAt: tokens.expiresAt,
    })
  } catch (error) {
    // The provider's refusal, never its tokens: arctic's errors carry only codes and messages.
    c.var.logger.info('social callback failed', { provider: name, err: (error as Error).name })
    return refused
  }
}

/** Facebook's SDK way: the browser has the user access token already. */
async function tokenIdentity(config: SocialProviderConfig, token: string) {
  try {
    return { ...(await fetchIdentity(config, token)), sealedToken: sealToken(config, token) }
  } catch {
    return null
  }
}

/**
 * SPEC.md §7 Social, OAuth 2.0 through arctic (issue #28): `sign_up` (GET) sends the browser to
 * the provider, `callback` comes back and redirects into the app with the result, `is_auth_done`
 * tells whether an identity is linked or waits for an account_id, `sign_up` (POST) creates it.
 */
export function socialRoutes() {
  const api = new Hono<AppEnv>()

  api.get(`${PROVIDER}/sign_up`, async (c) => {
    const { name, config } = provider(c)
    const type = c.req.query('type') ?? 'login'
    if (type !== 'login' && type !== 'register' && type !== 'link') {
      throw new ApiError(400, 'パラメータが不正です')
    }
    const session = await ensureSession(c.var.db, c)
    if (type === 'link' && session.userId === null)
      throw new ApiError(401, authMessages.loginRequired)
    const flow = await beginAuthorization(c.var.db, session.id, name, type)
    const url = authorizationUrl(name, config, callbackUrl(c, name), flow.state, flow.codeVerifier)
    return c.redirect(url.href, 302)
  })

  api.get(`${PROVIDER}/callback`, async (c) => {
    const { name, config } = provider(c)
    const outcome = await callbackOutcome(c, name, config)
    if (outcome.result === 'done') {
      await rotateSession(c.var.db, c, outcome.userId)
      return backToApp(c, name, 'done')
    }
    return backToApp(c, name, outcome.result, 'message' in outcome ? outcome.message : '')
  })

  api.get(`${PROVIDER}/is_auth_done`, async (c) => {
    const { name } = provider(c)
    const session = await findSession(c.var.db, c)
    const pending = session ? await pendingSignup(c.var.db, session.id, name) : undefined
    const linked = session?.userId ? await storedToken(c.var.db, session.userId, name) : null
    const answer: SocialAuthDoneAnswer = {
      is_auth_done: linked !== null,
      pending_signup: pending !== undefined,
      ...(pending ? { name: pending.name } : {}),
    }
    if (linked === null && !pending) answer.error = failureMessage(name, 'login')
    return c.json(answer)
  })

  api.post(`${PROVIDER}/sign_up`, async (c) => {
    const { name, config } = provider(c)
    const body = await input(c, SocialSignUpBody)
    const session = await ensureSession(c.var.db, c)
    if (body.user_access_token) {
      const identity = await tokenIdentity(config, body.user_access_token)
      if (!identity) throw new ApiError(400, failureMessage(name, 'register'))
      const outcome = await completeAuthorization(c.var.db, session, name, 'register', identity)
      if (outcome.result === 'done') {
        const next = await rotateSession(c.var.db, c, outcome.userId)
        return c.json({ ok: 1, csrf_token: next.csrfToken } satisfies AuthAnswer)
      }
    }
    const userId = await finishSignup(
      c.var.db,
      session.id,
      name,
      body.account_id,
      body.name || undefined,
    )
    const next = await rotateSession(c.var.db, c, userId)
    return c.json({ ok: 1, csrf_token: next.csrfToken } satisfies AuthAnswer)
  })

  // Facebook's SDK way (SPEC.md §7): login and connect with the user access token it gave.
  api.post('/facebook/login', async (c) => {
    const { name, config } = provider(c, 'facebook')
    const { user_access_token } = await input(c, SocialTokenBody)
    const identity = await tokenIdentity(config, user_access_token)
    if (!identity) throw new ApiError(400, failureMessage(name, 'login'))
    const session = await ensureSession(c.var.db, c)
    const outcome = await completeAuthorization(c.var.db, session, name, 'login', identity)
    if (outcome.result !== 'done') return c.json({ no_user: true } satisfies AuthAnswer)
    const next = await rotateSession(c.var.db, c, outcome.userId)
    return c.json({ ok: 1, csrf_token: next.csrfToken } satisfies AuthAnswer)
  })

  api.post('/facebook/connect', async (c) => {
    const { name, config } = provider(c, 'facebook')
    const userId = await requireUserId(c)
    const { user_access_token } = await input(c, SocialTokenBody)
    const identity = await tokenIdentity(config, user_access_token)
    const session = await ensureSession(c.var.db, c)
    const outcome = identity
      ? await completeAuthorization(c.var.db, { ...session, userId }, name, 'link', identity)
      : null
    if (outcome?.result !== 'linked') throw new ApiError(400, failureMessage(name, 'link'))
    return c.json({ ok: 1 } satisfies Ok)
  })

  api.post('/twitter/post_tweet', async (c) => {
    const { config } = provider(c, 'twitter')
    const userId = await requireUserId(c)
    const { twitter_text } = await input(c, PostTweetBody)
    if (!(await tweetAsUser(c.var.db, config, userId, twitter_text))) {
      throw new ApiError(400, TWEET_FAILED, { errorType: 'TWEET_FAILED' })
    }
    return c.json({ ok: 1 } satisfies Ok)
  })

  api.all(`${PROVIDER}/*`, (c) => {
    provider(c)
    throw new ApiError(404, 'ページが見つかりません')
  })
  return api
}
