/**
 * Social login against a real OAuth 2.0 server on loopback (issue #28): oauth2-mock-server plays
 * X, the test follows the redirects as a browser would (our sign_up → its authorize → our
 * callback → the app), with PKCE and `state` checked on the way.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError } from '../../server/config-values.ts'
import { loadSocialConfig } from '../../server/config-social.ts'
import { purgeExpired } from '../../server/services/purge.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

const SYSTEM_ERROR = 'システムエラーが発生しました。時間をおいて再度お試しください。'
const PASSWORD = 'social-Pass-2024'

interface Round {
  /** Where the callback sent the browser: `/?social=twitter&result=…`. */
  result: URLSearchParams
  /** The callback's own address, to replay. */
  callback: string
}

describe.each(await testEngines())('social login on %s', (engine) => {
  let provider: OAuth2Server
  let server: TestServer
  let tweets: Server
  const posted: Array<{ auth: string; body: string }> = []

  beforeAll(async () => {
    provider = new OAuth2Server()
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    const issuer = provider.issuer.url ?? ''
    tweets = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        posted.push({ auth: req.headers.authorization ?? '', body })
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"data":{"id":"1"}}')
      })
    })
    await new Promise<void>((resolve) => tweets.listen(0, '127.0.0.1', resolve))
    const tweetPort = (tweets.address() as AddressInfo).port
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      TWITTER_CLIENT_ID: 'kirari-test',
      TWITTER_CLIENT_SECRET: 'kirari-test-secret',
      TWITTER_AUTHORIZE_URL: `${issuer}/authorize`,
      TWITTER_TOKEN_URL: `${issuer}/token`,
      TWITTER_USERINFO_URL: `${issuer}/userinfo`,
      TWITTER_POST_URL: `http://127.0.0.1:${tweetPort}/2/tweets`,
      FACEBOOK_CLIENT_ID: 'kirari-fb',
      FACEBOOK_CLIENT_SECRET: 'kirari-fb-secret',
      FACEBOOK_AUTHORIZE_URL: `${issuer}/authorize`,
      FACEBOOK_TOKEN_URL: `${issuer}/token`,
      FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
    })
  })
  afterAll(async () => {
    await server.close()
    await provider.stop()
    await new Promise((resolve) => tweets.close(resolve))
  })

  /** One round trip through the provider as `subject` (X answers `{data: {id, name}}`). */
  async function round(
    client: TestClient,
    type: string,
    subject: string,
    via = 'twitter',
  ): Promise<Round> {
    const start = await client.request(`/social/${via}/sign_up?type=${type}`)
    expect(start.status).toBe(302)
    const authorize = new URL(start.headers.get('location') ?? '')
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{40,}$/)
    provider.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = { data: { id: subject, name: `X ${subject}`, username: subject } }
    })
    const consent = await fetch(authorize, { redirect: 'manual' })
    expect(consent.status).toBe(302)
    const back = new URL(consent.headers.get('location') ?? '')
    expect(back.pathname).toBe(`/social/${via}/callback`)
    const callback = back.pathname + back.search
    const done = await client.request(callback)
    expect(done.status).toBe(302)
    const app = new URL(done.headers.get('location') ?? '', server.url)
    expect(app.pathname).toBe('/')
    expect(app.searchParams.get('social')).toBe(via)
    client.forgetToken()
    return { result: app.searchParams, callback }
  }

  async function me(client: TestClient) {
    return (await client.json('/api/current_user')).body
  }

  it('lists only the configured providers in the service settings', async () => {
    const { body } = await new TestClient(server.url).json('/api/service_settings')
    expect(body.social_providers).toEqual(['twitter', 'facebook'])
  })

  it('answers no_user for an identity no account has, and stays logged out', async () => {
    const client = new TestClient(server.url)
    const { result } = await round(client, 'login', 'stranger-1')
    expect(result.get('result')).toBe('no_user')
    expect((await me(client)).is_login).toBeFalsy()
  })

  it('signs up with a chosen account_id, then logs in with X alone', async () => {
    const client = new TestClient(server.url)
    const { result } = await round(client, 'register', 'newcomer-1')
    expect(result.get('result')).toBe('register')
    const pending = (await client.json('/social/twitter/is_auth_done')).body
    expect(pending).toMatchObject({
      is_auth_done: false,
      pending_signup: true,
      name: 'X newcomer-1',
    })
    const signUp = await client.postJson('/social/twitter/sign_up', { account_id: 'x_newcomer' })
    expect(signUp.body).toMatchObject({ ok: 1 })
    client.forgetToken()
    expect(await me(client)).toMatchObject({ is_login: true, twitter_auth: true })

    const again = new TestClient(server.url)
    expect((await round(again, 'login', 'newcomer-1')).result.get('result')).toBe('done')
    const user = await me(again)
    expect(user).toMatchObject({ is_login: true, account_id: 'x_newcomer', name: 'X newcomer-1' })
    expect((await again.json('/social/twitter/is_auth_done')).body.is_auth_done).toBe(true)
  })

  it('links X to a logged-in account and posts its share text with the stored token', async () => {
    const client = new TestClient(server.url)
    await client.signUp({ account_id: 'x_linker', password: PASSWORD, name: 'リンク' })
    const refused = await client.postJson('/social/twitter/post_tweet', {
      live_id: '1',
      twitter_text: 'まだ',
    })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('ツイートに失敗しました')

    const { result } = await round(client, 'link', 'linker-1')
    expect(result.get('result')).toBe('linked')
    expect(await me(client)).toMatchObject({ is_login: true, twitter_auth: true })
    const row = await server.database.db
      .selectFrom('users')
      .select('twitter_auth')
      .where('account_id', '=', 'x_linker')
      .executeTakeFirstOrThrow()
    expect(row.twitter_auth).toBe(true)

    const tweet = await client.postJson('/social/twitter/post_tweet', {
      live_id: '1',
      twitter_text: '配信中！ #kirari',
    })
    expect(tweet.body).toMatchObject({ ok: 1 })
    const last = posted.at(-1)
    expect(last?.auth).toMatch(/^Bearer .{20,}/)
    expect(JSON.parse(last?.body ?? '{}')).toEqual({ text: '配信中！ #kirari' })

    const other = new TestClient(server.url)
    expect((await round(other, 'login', 'linker-1')).result.get('result')).toBe('done')
    expect((await me(other)).account_id).toBe('x_linker')
  })

  it('shows the system error message when the provider refuses the code', async () => {
    const client = new TestClient(server.url)
    provider.service.once('beforeResponse', (response: { statusCode: number; body: unknown }) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    const { result } = await round(client, 'login', 'refused-1')
    expect(result.get('result')).toBe('error')
    expect(result.get('message')).toBe(SYSTEM_ERROR)
    expect((await me(client)).is_login).toBeFalsy()
  })

  it('refuses a replayed state, and a state from another session', async () => {
    const client = new TestClient(server.url)
    await client.signUp({ account_id: 'x_replay', password: PASSWORD, name: 'リプレイ' })
    const first = await round(client, 'link', 'replay-1')
    expect(first.result.get('result')).toBe('linked')
    const replay = await client.request(first.callback)
    expect(
      new URL(replay.headers.get('location') ?? '', server.url).searchParams.get('result'),
    ).toBe('error')

    // A callback carried to another browser (login CSRF): the state is bound to its session.
    const victim = new TestClient(server.url)
    const attacker = new TestClient(server.url)
    const start = await attacker.request('/social/twitter/sign_up?type=login')
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const back = new URL(consent.headers.get('location') ?? '')
    await victim.json('/api/csrf_token')
    const stolen = await victim.request(back.pathname + back.search)
    const landed = new URL(stolen.headers.get('location') ?? '', server.url)
    expect(landed.searchParams.get('result')).toBe('error')
    expect(landed.searchParams.get('message')).toBe(SYSTEM_ERROR)
  })

  it('purges authorizations never finished once their ten minutes are over', async () => {
    await new TestClient(server.url).request('/social/twitter/sign_up?type=login')
    const later = new Date(Date.now() + 11 * 60_000)
    expect((await purgeExpired(server.database.db, later)).social_logins).toBeGreaterThan(0)
  })

  it('asks for a login before linking', async () => {
    const response = await new TestClient(server.url).request('/social/twitter/sign_up?type=link')
    expect(response.status).toBe(401)
  })

  it('logs in, links and refuses through Facebook with its own SPEC §8 messages', async () => {
    const client = new TestClient(server.url)
    expect((await round(client, 'login', 'fb-1', 'facebook')).result.get('result')).toBe('no_user')
    await client.signUp({ account_id: 'fb_linker', password: PASSWORD, name: 'エフビー' })
    expect((await round(client, 'link', 'fb-1', 'facebook')).result.get('result')).toBe('linked')
    expect((await client.json('/api/account/')).body).toMatchObject({ facebook_auth: true })
    const other = new TestClient(server.url)
    expect((await round(other, 'login', 'fb-1', 'facebook')).result.get('result')).toBe('done')
    expect((await me(other)).account_id).toBe('fb_linker')

    provider.service.once('beforeResponse', (response: { statusCode: number; body: unknown }) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant' }
    })
    const refused = await round(new TestClient(server.url), 'login', 'fb-2', 'facebook')
    expect(refused.result.get('message')).toBe('Facebookログインに失敗しました')
  })

  it("takes the Facebook SDK's user access token for login (SPEC §7)", async () => {
    const client = new TestClient(server.url)
    provider.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = { id: 'fb-1', name: 'FB' }
    })
    const login = await client.postJson('/social/facebook/login', {
      user_access_token: 'sdk-token',
    })
    expect(login.body).toMatchObject({ ok: 1 })
    client.forgetToken()
    expect((await me(client)).account_id).toBe('fb_linker')
  })
})

describe('social login settings', () => {
  const base = { KIRARI_DEMO: '1', DATA_DIR: 'memory://' }
  it('turns a provider on with both keys only, and refuses plain http off loopback', () => {
    expect(loadSocialConfig({ ...base }, false)).toEqual({})
    expect(() => loadSocialConfig({ TWITTER_CLIENT_ID: 'a' }, false)).toThrow(ConfigError)
    const keys = { FACEBOOK_CLIENT_ID: 'a', FACEBOOK_CLIENT_SECRET: 'b' }
    expect(loadSocialConfig(keys, true).facebook?.customEndpoints).toBe(false)
    const insecure = { ...keys, FACEBOOK_TOKEN_URL: 'http://idp.example/token' }
    expect(() => loadSocialConfig(insecure, true)).toThrow(ConfigError)
    const local = { ...keys, FACEBOOK_TOKEN_URL: 'http://127.0.0.1:9/token' }
    expect(loadSocialConfig(local, true).facebook).toMatchObject({ customEndpoints: true })
  })
})
