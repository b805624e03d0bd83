import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

interface ErrorAnswer {
  errors?: Array<{ error_user_msg: string; error_type?: string }>
}

describe.each(await testEngines())('a CSRF refusal on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  it('says CSRF_INVALID, also when the login behind the token has expired', async () => {
    const { client } = await logInDemo(server, 'demo_viewer')
    const save = () =>
      client.postJson('/api/povo_ec/shipping_address', { name: '' }, { csrf: true })
    // Logged in with the right token: past the CSRF check (the form is refused on its fields).
    expect((await save()).status).toBe(400)

    // The login session expires while the page is open; the next POST carries its old token.
    await server.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', client.sessionId ?? '')
      .execute()
    const refused = await save()
    expect(refused.status).toBe(403)
    expect((refused.body as ErrorAnswer).errors?.[0]).toEqual({
      error_user_msg: '不正なリクエストです。ページを再読み込みしてください。',
      error_type: 'CSRF_INVALID',
    })

    // Without any token at all, the same refusal.
    const bare = await client.postJson('/api/povo_ec/shipping_address', {}, { csrf: false })
    expect(bare.status).toBe(403)
    expect((bare.body as ErrorAnswer).errors?.[0]?.error_type).toBe('CSRF_INVALID')
  })
})
