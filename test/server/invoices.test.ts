import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InvoiceAnswer } from '../../src/contract/invoice.ts'
import { INVOICE_FIELD_MESSAGES, INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

describe.each(await testEngines())('invoice registrations on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  const stored = (userId: number) =>
    db().selectFrom('invoice_registrations').selectAll().where('user_id', '=', userId).execute()

  it("keeps a liver's registration, as typed full-width, and replaces it when edited", async () => {
    const liver = await logInDemo(server, 'demo_liver')
    expect((await liver.client.json('/api/user/invoice/init')).body).toEqual({ invoice: null })
    const saved = await liver.client.postJson('/api/user/invoice/update', {
      registration_number: 'Ｔ７０００ ０１２－０５０００２',
      name: ' デモ ライバー ',
      address: '東京都千代田区霞が関3-1-1',
    })
    expect(saved.status).toBe(200)
    const answer = saved.body as unknown as InvoiceAnswer
    expect(answer.invoice).toMatchObject({
      registration_number: 'T7000012050002',
      name: 'デモ ライバー',
      address: '東京都千代田区霞が関3-1-1',
    })
    expect((await liver.client.json('/api/user/invoice/init')).body).toEqual(answer)
    await liver.client.postJson('/api/user/invoice/update', {
      registration_number: 'T7000012050002',
      name: 'デモ ライバー事務所',
      address: '東京都千代田区霞が関3-1-1',
    })
    const rows = await stored(liver.userId)
    expect(rows.map((r) => [r.holder, r.name])).toEqual([['user', 'デモ ライバー事務所']])
  })

  it('refuses each bad field with its own message and stores nothing', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const bad = await viewer.client.postJson('/api/user/invoice/update', {
      registration_number: 'T7000012050003',
      name: '   ',
      address: 'あ'.repeat(201),
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      field_errors: {
        registration_number: INVOICE_NUMBER_MESSAGES.checkDigit,
        name: INVOICE_FIELD_MESSAGES.nameEmpty,
        address: INVOICE_FIELD_MESSAGES.addressLong,
      },
    })
    const format = await viewer.client.postJson('/api/user/invoice/update', {
      registration_number: '7000012050002',
      name: 'デモ視聴者',
      address: '東京都',
    })
    expect(format.body).toMatchObject({
      field_errors: { registration_number: INVOICE_NUMBER_MESSAGES.format },
    })
    expect((await viewer.client.postJson('/api/user/invoice/update', { name: 1 })).status).toBe(400)
    expect(await stored(viewer.userId)).toEqual([])
  })

  it("keeps an organizer's registration apart; others may not touch it; anonymous is a 401", async () => {
    const organizer = await logInDemo(server, 'demo_organizer')
    const saved = await organizer.client.postJson('/api/organizer/invoice/update', {
      registration_number: 'T7000012050002',
      name: '株式会社デモプロダクション',
      address: '東京都渋谷区',
    })
    expect(saved.status).toBe(200)
    expect((await organizer.client.json('/api/user/invoice/init')).body).toEqual({ invoice: null })
    const viewer = await logInDemo(server, 'demo_viewer')
    expect((await viewer.client.json('/api/organizer/invoice/init')).status).toBe(403)
    const refused = await viewer.client.postJson('/api/organizer/invoice/update', {
      registration_number: 'T7000012050002',
      name: 'x',
      address: 'y',
    })
    expect(refused.status).toBe(403)
    expect((await server.get('/api/user/invoice/init')).status).toBe(401)
  })
})
