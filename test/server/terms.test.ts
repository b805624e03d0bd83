import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { termsMessages } from '../../server/services/terms/agreement.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

// New terms in force after every demo account was made: each of them must agree once.
const NEW_TERMS = '2099-01-01'

describe.each(await testEngines())('agreeing to new terms on %s', (engine) => {
  let server: TestServer
  const agreement = (userId: number) =>
    server.database.db
      .selectFrom('users')
      .select(['agreed_terms_version', 'agreed_terms_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  beforeAll(async () => {
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      TERMS_VERSION: NEW_TERMS,
    })
  })
  afterAll(() => server.close())

  it('asks an account made before the new terms, and records the agreement once', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const before = (await viewer.client.json('/api/current_user')).body
    expect(before).toMatchObject({ need_agree_new_terms: true, terms_version: NEW_TERMS })

    const first = await viewer.client.postJson('/api/user/agree_new_terms', {
      terms_version: NEW_TERMS,
    })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ agreed_terms_version: NEW_TERMS })
    const stored = await agreement(viewer.userId)
    expect(stored.agreed_terms_version).toBe(NEW_TERMS)
    expect((await viewer.client.json('/api/current_user')).body.need_agree_new_terms).toBe(false)

    // A second tap keeps the time of the first agreement.
    const again = await viewer.client.postJson('/api/user/agree_new_terms', {
      terms_version: NEW_TERMS,
    })
    expect(again.body).toEqual(first.body)
    expect((await agreement(viewer.userId)).agreed_terms_at).toEqual(stored.agreed_terms_at)
  })

  it('refuses an agreement to other terms than those in force, and stores nothing', async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const stale = await liver.client.postJson('/api/user/agree_new_terms', {
      terms_version: '2026-11-22',
    })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ errors: [{ error_user_msg: termsMessages.stale }] })
    const missing = await liver.client.postJson('/api/user/agree_new_terms', {})
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      errors: [{ error_user_msg: expect.stringContaining('terms_version') as unknown }],
    })
    expect((await agreement(liver.userId)).agreed_terms_version).toBeNull()
    expect((await liver.client.json('/api/current_user')).body.need_agree_new_terms).toBe(true)
  })

  it("keeps the organizer's page for organizers, and refuses visitors", async () => {
    const viewer = await logInDemo(server, 'demo_minor')
    const notOrganizer = await viewer.client.postJson('/api/organizer/agree_new_terms', {
      terms_version: NEW_TERMS,
    })
    expect(notOrganizer.status).toBe(403)
    const organizer = await logInDemo(server, 'demo_organizer')
    const agreed = await organizer.client.postJson('/api/organizer/agree_new_terms', {
      terms_version: NEW_TERMS,
    })
    expect(agreed.status).toBe(200)
    expect((await agreement(organizer.userId)).agreed_terms_version).toBe(NEW_TERMS)
    const anonymous = await new TestClient(server.url).postJson('/api/user/agree_new_terms', {
      terms_version: NEW_TERMS,
    })
    expect(anonymous.status).toBe(401)
  })
})

describe('the bundled terms', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite', { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  it('ask nothing of an account made after they took effect', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const user = (await viewer.client.json('/api/current_user')).body
    expect(user).toMatchObject({ need_agree_new_terms: false, terms_version: '2026-11-22' })
  })
})
