/**
 * X access tokens expire after about two hours (issue #28): `post_tweet` refreshes an expired
 * (or 401-refused) token once with the stored refresh token, against oauth2-mock-server as X.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialTables } from '../../server/db/schema-social.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

const PASSWORD = 'social-Pass-2024'

interface TokenResponse {
  statusCode: number
  body: Record<string, unknown>
}

describe.each(await testEngines())('X token refresh on %s', (engine) => {
  let provider: OAuth2Server
  let server: TestServer
  let tweets: Server
  const posted: string[] = []
  const grants: string[] = []
  let refuseRefresh = false
  let unauthorizedOnce = false

  beforeAll(async () => {
    provider = new OAuth2Server()
    await provider.issuer.keys.generate('RS256')
    await provider.start(0, '127.0.0.1')
    provider.service.on('beforeResponse', (response: TokenResponse, req: { body: unknown }) => {
      const grant = String((req.body as Record<string, unknown>).grant_type)
      grants.push(grant)
      if (grant === 'refresh_token' && refuseRefresh) {
        response.statusCode = 400
        response.body = { error: 'invalid_grant' }
      }
    })
    const issuer = provider.issuer.url ?? ''
    tweets = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        if (unauthorizedOnce) {
          unauthorizedOnce = false
          res.writeHead(401, { 'content-type': 'application/json' }).end('{}')
          return
        }
        posted.push(req.headers.authorization ?? '')
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
    })
  })
  afterAll(async () => {
    await server.close()
    await provider.stop()
    await new Promise((resolve) => tweets.close(resolve))
  })

  const identities = () => server.database.db.withTables<SocialTables>()

  /** A new account with X linked as `subject`; its user id. */
  async function linked(client: TestClient, accountId: string, subject: string) {
    await client.signUp({ account_id: accountId, password: PASSWORD, name: 'リフレッシュ' })
    const start = await client.request('/social/twitter/sign_up?type=link')
    provider.service.once('beforeUserinfo', (response: { body: unknown }) => {
      response.body = { data: { id: subject, name: `X ${subject}` } }
    })
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const back = new URL(consent.headers.get('location') ?? '')
    const done = await client.request(back.pathname + back.search)
    expect(new URL(done.headers.get('location') ?? '', server.url).searchParams.get('result')).toBe(
      'linked',
    )
    client.forgetToken()
    const row = await identities()
      .selectFrom('social_identities')
      .selectAll()
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow()
    expect(row.refresh_token).toMatch(/^[\w-]{20,}$/)
    expect(row.access_expires_at?.getTime()).toBeGreaterThan(Date.now())
    return row
  }

  /** The stored access token's expiry moved into the past (two hours later). */
  async function expire(userId: number) {
    await identities()
      .updateTable('social_identities')
      .set({ access_expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute()
  }

  const tweet = (client: TestClient, text: string) =>
    client.postJson('/social/twitter/post_tweet', { live_id: '1', twitter_text: text })

  it('refreshes an expired token once, stores the new tokens, and posts', async () => {
    const client = new TestClient(server.url)
    const before = await linked(client, 'x_refresh', 'refresh-1')
    await expire(before.user_id)
    grants.length = 0
    expect((await tweet(client, 'まだ配信中')).body).toMatchObject({ ok: 1 })
    expect(grants).toEqual(['refresh_token'])
    const after = await identities()
      .selectFrom('social_identities')
      .selectAll()
      .where('user_id', '=', before.user_id)
      .executeTakeFirstOrThrow()
    expect(after.access_token).not.toBe(before.access_token)
    expect(after.refresh_token).not.toBe(before.refresh_token)
    expect(after.access_expires_at?.getTime()).toBeGreaterThan(Date.now())
    expect(posted.at(-1)).toMatch(/^Bearer .{20,}/)

    // The new token is used as it is, without another refresh.
    grants.length = 0
    expect((await tweet(client, 'もう一度')).body).toMatchObject({ ok: 1 })
    expect(grants).toEqual([])
  })

  it('refreshes when X answers 401 to a token not yet expired', async () => {
    const client = new TestClient(server.url)
    await linked(client, 'x_revoked', 'refresh-2')
    grants.length = 0
    unauthorizedOnce = true
    expect((await tweet(client, '401のあと')).body).toMatchObject({ ok: 1 })
    expect(grants).toEqual(['refresh_token'])
  })

  it('says the tweet failed and keeps the stored tokens when the refresh is refused', async () => {
    const client = new TestClient(server.url)
    const before = await linked(client, 'x_refused', 'refresh-3')
    await expire(before.user_id)
    const count = posted.length
    grants.length = 0
    refuseRefresh = true
    try {
      const refused = await tweet(client, '失敗')
      expect(refused.status).toBe(400)
      expect(JSON.stringify(refused.body)).toContain('ツイートに失敗しました')
    } finally {
      refuseRefresh = false
    }
    expect(grants).toEqual(['refresh_token'])
    expect(posted.length).toBe(count)
    const after = await identities()
      .selectFrom('social_identities')
      .select(['access_token', 'refresh_token'])
      .where('user_id', '=', before.user_id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({
      access_token: before.access_token,
      refresh_token: before.refresh_token,
    })
  })
})
