import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, ConfigError } from '../../server/config.ts'
import { TestClient } from './client.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

const WORD = 'kirari'
type Json = Record<string, unknown>

function firstError(body: Json): string | undefined {
  return (body.errors as Array<{ error_user_msg: string }> | undefined)?.[0]?.error_user_msg
}

async function lastOutbox(server: TestServer, recipient: string) {
  return server.database.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

const codeIn = (text: string | undefined) => /(\d{6})/.exec(text ?? '')?.[1] ?? ''

describe.each(await testEngines())('accounts on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: WORD, TRUST_PROXY: 'loopback' })
  })
  afterAll(() => server.close())
  const client = () => new TestClient(server.url)

  it('logs a demo account in, rotating the session, and shows it as the current user', async () => {
    const c = client()
    await c.json('/api/captcha')
    const before = c.sessionId
    const { body } = await c.login('demo_viewer', 'kirari-demo')
    expect(body).toMatchObject({ ok: 1 })
    expect(c.sessionId).toBeDefined()
    expect(c.sessionId).not.toBe(before)
    const me = await c.json('/api/current_user')
    expect(me.body).toMatchObject({ is_login: true, account_id: 'demo_viewer', name: 'デモ視聴者' })
    const account = await c.json('/api/account/')
    expect(account.body).toMatchObject({
      account_id: 'demo_viewer',
      gold: 5000,
      expiring_gold: 300,
      level: 1,
    })
  })

  it('marks the session cookie Secure when a trusted proxy says the visitor came over https', async () => {
    const plain = await server.get('/api/csrf_token')
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i)
    const tls = await server.get('/api/csrf_token', { headers: { 'x-forwarded-proto': 'https' } })
    expect(tls.headers.get('set-cookie')).toMatch(/; Secure/i)
  })

  it('answers a wrong password with error and a fresh captcha, and that captcha has a picture', async () => {
    const c = client()
    const { status, body } = await c.login('demo_viewer', 'wrong-password')
    expect(status).toBe(200)
    expect(body.error).toBe('アカウントIDまたはパスワードが正しくありません')
    expect(body.captcha_url).toMatch(/^\/captcha\/[\w-]+\.svg$/)
    const image = await c.request(body.captcha_url as string)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(await image.text()).toContain('<svg')
    expect((await c.json('/api/current_user')).body.is_login).toBe(false)
  })

  it('answers a wrong captcha word with its own error', async () => {
    const { body } = await client().login('demo_viewer', 'kirari-demo', 'wrong')
    expect(body.error).toBe('画像認証の文字が正しくありません')
    expect(body.captcha_url).toEqual(expect.any(String))
  })

  it('refuses state-changing calls without the CSRF token', async () => {
    const c = client()
    await c.json('/api/captcha')
    for (const path of [
      '/user/login',
      '/user/logout_api',
      '/user/sign_up',
      '/api/account/update',
    ]) {
      const { status, body } = await c.postJson(path, {}, { csrf: false })
      expect(status, path).toBe(403)
      expect(firstError(body)).toEqual(expect.any(String))
    }
    const form = await c.postForm('/user/register', { account_id: 'x' }, { csrf: false })
    expect(form.status).toBe(403)
  })

  it('limits login attempts to 5 a minute per account and 20 per address', async () => {
    const c = client()
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await c.login('demo_minor', 'wrong-password')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])

    // One address trying many accounts (addresses as a trusted proxy reports them).
    const from = { 'x-forwarded-for': '203.0.113.7' }
    const tries: number[] = []
    for (let i = 0; i < 21; i++) {
      const r = await c.json('/user/login', {
        method: 'POST',
        headers: { ...from, 'content-type': 'application/json', 'x-csrf-token': await c.csrf() },
        body: JSON.stringify({ account_id: `nobody_${i}`, password: 'x', captcha_word: 'x' }),
      })
      tries.push(r.status)
      if (r.status === 429) expect(firstError(r.body)).toContain('試行回数')
    }
    expect(tries.filter((s) => s === 200)).toHaveLength(20)
    expect(tries[20]).toBe(429)
  })

  it('registers with the captcha form, refuses the same id in any case, then logs out', async () => {
    const c = client()
    await c.json('/api/captcha')
    const fields = {
      account_id: 'new_fan_01',
      password: 'hoshi-2026!',
      password_confirm: 'hoshi-2026!',
      name: '新しいファン',
      captcha_word: WORD.toUpperCase(),
      avatar_id: '4',
    }
    const created = await c.postForm('/user/register', fields)
    expect(created.body).toMatchObject({ ok: 1 })
    c.forgetToken()
    expect((await c.json('/api/current_user')).body).toMatchObject({
      is_login: true,
      account_id: 'new_fan_01',
      avatar_id: 4,
    })

    const out = await c.postJson('/user/logout_api', undefined)
    expect(out.body).toMatchObject({ ok: 1 })
    c.forgetToken()
    expect((await c.json('/api/current_user')).body.is_login).toBe(false)
    // The client's second logout call (an empty JSON object) is harmless.
    expect((await c.postJson('/user/logout_api', {})).status).toBe(200)

    const again = client()
    await again.json('/api/captcha')
    const taken = await again.postForm('/user/register', { ...fields, account_id: 'NEW_FAN_01' })
    expect(taken.status).toBe(409)
    expect(firstError(taken.body)).toBe('このアカウントIDはすでに使われています')
  })

  it('signs up with JSON', async () => {
    const c = client()
    const { body } = await c.signUp(
      { account_id: 'json_fan', password: 'json-pass-1', name: 'JSON' },
      WORD,
    )
    expect(body).toMatchObject({ ok: 1 })
    expect((await c.json('/api/current_user')).body).toMatchObject({ account_id: 'json_fan' })
  })

  it('mails the account id to a registered address only, answering the same either way', async () => {
    const c = client()
    const known = await c.postForm('/user/forget_mail_send', {
      mail_address: 'demo_viewer@kirari.example',
    })
    const unknown = await c.postForm('/user/forget_mail_send', {
      mail_address: 'nobody@kirari.example',
    })
    expect(known.body).toEqual({ ok: 1 })
    expect(unknown.body).toEqual({ ok: 1 })
    expect((await lastOutbox(server, 'demo_viewer@kirari.example'))?.body).toContain('demo_viewer')
    expect(await lastOutbox(server, 'nobody@kirari.example')).toBeUndefined()
  })

  it('authenticates a phone by SMS: codes are single-use, expire, and wrong ones fail', async () => {
    const c = client()
    await c.signUp({ account_id: 'sms_fan', password: 'sms-pass-1', name: 'SMS' }, WORD)
    const sent = await c.postForm('/api/user/sms_auth/send', { phone: '090-1234-5678' })
    expect(sent.body).toEqual({ ok: 1, phone: '090****5678' })
    const code = codeIn((await lastOutbox(server, '09012345678'))?.body)
    expect(code).toMatch(/^\d{6}$/)

    const wrong = await c.postForm('/api/user/sms_auth/verify', {
      code: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.status).toBe(400)

    // An expired code does not work either.
    await server.database.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', '09012345678')
      .execute()
    expect((await c.postForm('/api/user/sms_auth/verify', { code })).status).toBe(400)

    await c.postForm('/api/user/sms_auth/send', { phone: '09012345678' })
    const fresh = codeIn((await lastOutbox(server, '09012345678'))?.body)
    expect((await c.postForm('/api/user/sms_auth/verify', { code: fresh })).body).toEqual({ ok: 1 })
    expect((await c.json('/api/current_user')).body.sms_auth).toBe(true)
    expect((await c.postForm('/api/user/sms_auth/verify', { code: fresh })).status).toBe(400)
  })

  it('resets a password by SMS and ends the old sessions', async () => {
    const old = client()
    await old.login('demo_liver', 'kirari-demo')
    expect((await old.json('/api/current_user')).body.is_login).toBe(true)

    const c = client()
    expect(
      (await c.postForm('/api/reset_password/start_sms', { account_id: 'demo_liver' })).body,
    ).toEqual({ ok: 1, phone: '090****0002' })
    await c.postForm('/api/reset_password/send_sms', { account_id: 'demo_liver' })
    const code = codeIn((await lastOutbox(server, '09000000002'))?.body)
    const done = await c.postForm('/api/reset_password/auth_sms', {
      account_id: 'demo_liver',
      code,
      password: 'brand-new-pass',
      password_confirm: 'brand-new-pass',
    })
    expect(done.body).toEqual({ ok: 1 })
    expect((await old.json('/api/current_user')).body.is_login).toBe(false)
    expect((await client().login('demo_liver', 'brand-new-pass')).body).toMatchObject({ ok: 1 })
    const noPhone = await c.postForm('/api/reset_password/start_sms', { account_id: 'demo_minor' })
    expect(noPhone.status).toBe(400)
  })

  it('lets a user set the nickname, refuses bad ones, and keeps a birthday once set', async () => {
    const c = client()
    await c.login('demo_organizer', 'kirari-demo')
    const { birthday } = (await c.json('/api/current_user')).body
    expect((await c.postForm('/api/account/update', { birthday: '20231340' })).status).toBe(400)
    expect((await c.postForm('/api/account/update', { name: '   ' })).status).toBe(400)
    expect((await c.postForm('/api/account/update', { name: '主催者さん' })).body).toEqual({
      ok: 1,
    })
    const changed = await c.postForm('/api/account/update', { birthday: '19900515' })
    expect(changed.status).toBe(409)
    expect((await c.json('/api/current_user')).body).toMatchObject({ name: '主催者さん', birthday })
  })

  it('guards the account and profile for anonymous callers', async () => {
    const c = client()
    expect((await c.json('/api/account/')).status).toBe(401)
    expect((await c.json('/api/user/profile?user_id=1')).status).toBe(401)
    expect((await c.postForm('/api/account/update', { name: 'x' })).status).toBe(401)
  })

  it('says plainly that social login is not configured', async () => {
    const c = client()
    await c.csrf()
    for (const path of ['/social/twitter/sign_up?type=login', '/social/facebook/login']) {
      const { status, body } = await c.postJson(path, { user_access_token: 'x' })
      expect(status).toBe(400)
      expect(firstError(body)).toBe('このログイン方法は現在利用できません')
    }
  })

  it.each<[string, 'json' | 'form', unknown]>([
    ['/user/login', 'json', '[]'],
    ['/user/login', 'json', '"text"'],
    ['/user/login', 'json', 'null'],
    ['/user/login', 'json', '{"account_id":'],
    ['/user/login', 'json', { account_id: 'demo_viewer' }],
    ['/user/login', 'json', { account_id: { $ne: 1 }, password: 'x', captcha_word: 'x' }],
    ['/user/login', 'json', { account_id: 'a'.repeat(500), password: 'x', captcha_word: 'x' }],
    ['/user/login', 'json', { account_id: 'demo_viewer', password: ['x'], captcha_word: 'x' }],
    ['/user/login', 'json', { account_id: 'demo_viewer', password: 'x', captcha_word: null }],
    ['/user/sign_up', 'json', {}],
    [
      '/user/sign_up',
      'json',
      { account_id: 'ab', password: 'long-enough', password_confirm: 'long-enough', name: 'n' },
    ],
    [
      '/user/sign_up',
      'json',
      {
        account_id: 'has space',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: 'n',
      },
    ],
    [
      '/user/sign_up',
      'json',
      { account_id: 'valid_id', password: 'short', password_confirm: 'short', name: 'n' },
    ],
    [
      '/user/sign_up',
      'json',
      { account_id: 'valid_id', password: 'valid_id', password_confirm: 'valid_id', name: 'n' },
    ],
    [
      '/user/sign_up',
      'json',
      { account_id: 'valid_id', password: 'long-enough', password_confirm: 'different', name: 'n' },
    ],
    [
      '/user/sign_up',
      'json',
      {
        account_id: 'valid_id',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: '',
      },
    ],
    [
      '/user/sign_up',
      'json',
      {
        account_id: 'valid_id',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: 'x'.repeat(31),
      },
    ],
    [
      '/user/sign_up',
      'json',
      {
        account_id: 'valid_id',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: 'a\u0000b',
      },
    ],
    [
      '/user/register',
      'form',
      {
        account_id: 'valid_id2',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: 'n',
        captcha_word: WORD,
        avatar_id: '9',
      },
    ],
    [
      '/user/register',
      'form',
      {
        account_id: 'valid_id2',
        password: 'long-enough',
        password_confirm: 'long-enough',
        name: 'n',
      },
    ],
    ['/user/register', 'form', {}],
    ['/user/forget_mail_send', 'form', {}],
    ['/user/forget_mail_send', 'form', { mail_address: 'not-a-mail' }],
    ['/api/reset_password/start_sms', 'form', {}],
    [
      '/api/reset_password/auth_sms',
      'form',
      {
        account_id: 'demo_viewer',
        code: '12ab',
        password: 'long-enough',
        password_confirm: 'long-enough',
      },
    ],
    [
      '/api/reset_password/auth_sms',
      'form',
      { account_id: 'demo_viewer', code: '123456', password: 'short', password_confirm: 'short' },
    ],
    [
      '/api/reset_password/auth_sms',
      'form',
      {
        account_id: 'demo_viewer',
        code: '123456',
        password: 'long-enough',
        password_confirm: 'other-one',
      },
    ],
    [
      '/api/reset_password/auth_sms',
      'form',
      {
        account_id: 'demo_viewer',
        code: '123456',
        password: 'long-enough',
        password_confirm: 'long-enough',
      },
    ],
    ['/api/reset_password/send_sms', 'json', { account_id: 12 }],
    ['/api/reset_password/start_sms', 'json', { account_id: 'x'.repeat(65) }],
    ['/user/login', 'json', { account_id: 'demo_viewer', password: 'p', captcha_word: null }],
    ['/user/sign_up', 'json', '{"broken'],
  ])('answers a malformed %s %s body with 4xx and a message (%#)', async (path, kind, body) => {
    const c = client()
    await c.json('/api/captcha')
    const result =
      kind === 'json'
        ? await c.postJson(path, typeof body === 'string' ? body : body)
        : await c.postForm(path, body as Record<string, string>)
    expect(result.status).toBeGreaterThanOrEqual(400)
    expect(result.status).toBeLessThan(500)
    expect(firstError(result.body)).toEqual(expect.any(String))
  })
})

describe('test-only captcha word', () => {
  it('is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_FIXED_WORD: 'x' })).toThrow(
      ConfigError,
    )
  })
})

describe('real captcha and developer pages', () => {
  it('checks the generated word case-insensitively, once', async () => {
    const server = await startTestServer('pglite')
    try {
      const c = new TestClient(server.url)
      await c.json('/api/captcha')
      const row = await server.database.db
        .selectFrom('captchas')
        .select('word')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
      const ok = await c.postJson('/user/login', {
        account_id: 'demo_viewer',
        password: 'kirari-demo',
        captcha_word: row.word.toLowerCase(),
      })
      expect(ok.body).toMatchObject({ ok: 1 })
      const outbox = await c.json('/dev/api/outbox')
      expect(outbox.status).toBe(200)
    } finally {
      await server.close()
    }
    // Production has no outbox page: test/server/production.test.ts.
  })
})
