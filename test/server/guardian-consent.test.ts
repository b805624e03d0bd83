import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CHILD } from '../../server/db/seed-child.ts'
import { GUARDIAN_MESSAGES } from '../../src/domain/guardian-consent.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

const PATH = '/api/user/legal_representative_agreement'
const PAID_GACHA = 2
const FREE_GACHA = 1
/** A gold plan that ships nothing (server/db/shop-catalogue.ts). */
const GOLD_PLAN = 201

type ErrorAnswer = { errors: Array<{ error_user_msg: string; error_type?: string }> }
const errorOf = (body: unknown) => (body as ErrorAnswer).errors[0]

describe.each(await testEngines())('legal-representative consent on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  const child = () =>
    db()
      .selectFrom('users')
      .select([
        'gold',
        'is_legal_representative_agreed',
        'legal_representative_agreed_at',
        'legal_representative_name',
        'legal_representative_relationship',
      ])
      .where('account_id', '=', DEMO_CHILD)
      .executeTakeFirstOrThrow()
  const draws = async (userId: number) =>
    (await db().selectFrom('gacha_draws').select('id').where('user_id', '=', userId).execute())
      .length
  const orders = async (userId: number) =>
    (await db().selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length
  const paidDraw = (client: TestClient) =>
    client.postForm(`/api/gachas/${PAID_GACHA}/draw`, { draw_count: '1' })
  const buyGold = (client: TestClient, key: string) =>
    client.postJson('/api/povo_ec/plans/reserve', { plan_id: GOLD_PLAN, client_key: key })

  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  it('refuses a paid draw and a gold purchase under 13 before consent, and moves no gold', async () => {
    const { client, userId } = await logInDemo(server, DEMO_CHILD)
    const before = await child()
    expect(before.is_legal_representative_agreed).toBe(false)
    expect(before.gold).toBeGreaterThanOrEqual(50)

    const draw = await paidDraw(client)
    expect(draw.status).toBe(403)
    expect(errorOf(draw.body)).toMatchObject({
      error_user_msg: GUARDIAN_MESSAGES.paidRefused,
      error_type: 'GUARDIAN_CONSENT_REQUIRED',
    })
    const buy = await buyGold(client, 'child-buy-1')
    expect(buy.status).toBe(403)
    expect(errorOf(buy.body)?.error_user_msg).toBe(GUARDIAN_MESSAGES.paidRefused)
    const pack = await client.json('/api/payment/time_limited_pack')
    if (pack.status === 200) {
      const { pack_id } = (pack.body as { pack: { pack_id: number } }).pack
      const reserved = await client.postJson('/api/payment/time_limited_pack/reserve', {
        pack_id,
        client_key: 'child-pack-1',
      })
      expect(reserved.status).toBe(403)
    }
    expect((await child()).gold).toBe(before.gold)
    expect(await draws(userId)).toBe(0)
    expect(await orders(userId)).toBe(0)

    // Free features stay open: the daily free gacha draws.
    const free = await client.postForm(`/api/gachas/${FREE_GACHA}/draw`, { draw_count: '1' })
    expect(free.status).toBe(200)
    expect((await child()).gold).toBe(before.gold)
  })

  it('refuses bad bodies field by field and stores nothing', async () => {
    const { client } = await logInDemo(server, DEMO_CHILD)
    const state = await client.json(PATH)
    expect(state.body).toEqual({
      is_under_13: true,
      is_legal_representative_agreed: false,
      consent: null,
    })
    const empty = await client.postJson(PATH, {})
    expect(empty.status).toBe(400)
    expect((empty.body as { field_errors: Record<string, string> }).field_errors).toEqual({
      guardian_name: GUARDIAN_MESSAGES.nameEmpty,
      relationship: GUARDIAN_MESSAGES.relationship,
      agreed: GUARDIAN_MESSAGES.agreed,
    })
    const long = await client.postJson(PATH, {
      guardian_name: 'あ'.repeat(51),
      relationship: 'parent',
      agreed: true,
    })
    expect((long.body as { field_errors: Record<string, string> }).field_errors).toEqual({
      guardian_name: GUARDIAN_MESSAGES.nameLong,
    })
    const notAgreed = await client.postJson(PATH, {
      guardian_name: '小鳥 花子',
      relationship: 'uncle',
      agreed: false,
    })
    expect((notAgreed.body as { field_errors: Record<string, string> }).field_errors).toEqual({
      relationship: GUARDIAN_MESSAGES.relationship,
      agreed: GUARDIAN_MESSAGES.agreed,
    })
    expect(await child()).toMatchObject({
      is_legal_representative_agreed: false,
      legal_representative_agreed_at: null,
      legal_representative_name: null,
    })
  })

  it('records the consent with the time and the name, and then the paid draw works', async () => {
    const { client, userId } = await logInDemo(server, DEMO_CHILD)
    const started = Date.now()
    const given = await client.postJson(PATH, {
      guardian_name: '  デモ 保護者  ',
      relationship: 'parent',
      agreed: true,
    })
    expect(given.status).toBe(200)
    const stored = await child()
    expect(stored).toMatchObject({
      is_legal_representative_agreed: true,
      legal_representative_name: 'デモ 保護者',
      legal_representative_relationship: 'parent',
    })
    const at = stored.legal_representative_agreed_at?.getTime() ?? 0
    expect(at).toBeGreaterThanOrEqual(started - 1000)
    expect(given.body).toEqual({
      is_under_13: true,
      is_legal_representative_agreed: true,
      consent: {
        guardian_name: 'デモ 保護者',
        relationship: 'parent',
        agreed_at: Math.floor(at / 1000),
      },
    })
    const me = await client.json('/api/current_user')
    expect(me.body).toMatchObject({ is_legal_representative_agreed: true })

    // Idempotent: a second submit (another name) keeps the first consent.
    const again = await client.postJson(PATH, {
      guardian_name: '別の人',
      relationship: 'guardian',
      agreed: true,
    })
    expect(again.body).toEqual(given.body)

    const before = stored.gold
    const draw = await paidDraw(client)
    expect(draw.status).toBe(200)
    expect((await child()).gold).toBe(before - 50)
    expect(await draws(userId)).toBeGreaterThanOrEqual(1)
    const buy = await buyGold(client, 'child-buy-2')
    expect(buy.status).toBe(200)
  })

  it('refuses the consent endpoint to an adult and to a 15-year-old, and to no login', async () => {
    for (const account of ['demo_viewer', 'demo_minor']) {
      const { client, userId } = await logInDemo(server, account)
      const refused = await client.postJson(PATH, {
        guardian_name: 'だれか',
        relationship: 'parent',
        agreed: true,
      })
      expect(refused.status).toBe(403)
      expect(errorOf(refused.body)).toMatchObject({
        error_user_msg: GUARDIAN_MESSAGES.notChild,
        error_type: 'NOT_UNDER_13',
      })
      const row = await db()
        .selectFrom('users')
        .select(['is_legal_representative_agreed', 'legal_representative_name'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({
        is_legal_representative_agreed: false,
        legal_representative_name: null,
      })
      expect((await client.json(PATH)).body).toMatchObject({ is_under_13: false, consent: null })
    }
    const anonymous = new TestClient(server.url)
    expect((await anonymous.json(PATH)).status).toBe(401)
  })
})
