import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InquiryCategoriesAnswer } from '../../src/contract/inquiry.ts'
import { INQUIRY_MESSAGES } from '../../src/domain/inquiry.ts'
import { INQUIRY_LIMIT } from '../../server/services/inquiries/inquiries.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

/** An anonymous browser whose requests come, through the trusted loopback proxy, from `address`. */
function from(base: string, address: string): TestClient {
  const client = new TestClient(base)
  const request = client.request.bind(client)
  client.request = (path, init) => {
    const headers = new Headers(init?.headers)
    headers.set('x-forwarded-for', address)
    return request(path, { ...init, headers })
  }
  return client
}

describe.each(await testEngines())('inquiries and opinions on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      TRUST_PROXY: 'loopback',
      SUPPORT_MAIL: 'help@kirari.example',
    })
  })
  afterAll(() => server.close())

  const mails = (to: string) =>
    db().selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id').execute()

  it('takes an anonymous inquiry: stored, mailed to the operator, a receipt to the sender', async () => {
    const visitor = from(server.url, '198.51.100.7')
    const kinds = (await visitor.json('/api/inquiry')).body as unknown as InquiryCategoriesAnswer
    expect(kinds.categories.map((k) => k.id)).toContain('payment')
    const sent = await visitor.postJson('/api/inquiry', {
      category: 'payment',
      name: '山田',
      mail_address: 'yamada@example.jp',
      body: 'ゴールドが反映されません。',
    })
    expect(sent.status).toBe(200)
    const id = (sent.body as { inquiry_id: number }).inquiry_id
    const stored = await db().selectFrom('inquiries').selectAll().where('id', '=', id).execute()
    expect(stored).toMatchObject([
      { user_id: null, category: 'payment', body: 'ゴールドが反映されません。' },
    ])
    const [toOperator] = (await mails('help@kirari.example')).filter((m) =>
      m.subject.includes(`#${id}]`),
    )
    expect(toOperator?.body).toContain('yamada@example.jp')
    const [receipt] = await mails('yamada@example.jp')
    expect(receipt?.subject).toBe(`お問い合わせを受け付けました（#${id}）`)
    expect(receipt?.body).toContain('ゴールドが反映されません。')
    // The CSRF rule holds for anonymous callers too.
    const forged = await visitor.postJson(
      '/api/inquiry',
      { category: 'other', mail_address: 'a@b.jp', body: 'x' },
      { csrf: false },
    )
    expect(forged.status).toBe(403)
  })

  it('refuses each bad field with its own message, storing and mailing nothing', async () => {
    const visitor = from(server.url, '198.51.100.8')
    const before = await db().selectFrom('inquiries').select('id').execute()
    const bad = await visitor.postJson('/api/inquiry', {
      category: 'nonsense',
      name: 'あ'.repeat(51),
      mail_address: 'not-a-mail',
      body: '   ',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      field_errors: {
        category: INQUIRY_MESSAGES.category,
        name: INQUIRY_MESSAGES.nameLong,
        mail_address: INQUIRY_MESSAGES.mail,
        body: INQUIRY_MESSAGES.bodyEmpty,
      },
    })
    const opinion = await visitor.postJson('/api/opinion/create', { body: '' })
    expect(opinion.body).toMatchObject({ field_errors: { body: INQUIRY_MESSAGES.opinionEmpty } })
    expect(await db().selectFrom('inquiries').select('id').execute()).toEqual(before)
    expect(await mails('not-a-mail')).toEqual([])
  })

  it('limits one address, not another; a signed-in opinion keeps its user', async () => {
    const flood = from(server.url, '198.51.100.9')
    const statuses: number[] = []
    for (let i = 0; i <= INQUIRY_LIMIT.max; i++) {
      const r = await flood.postJson('/api/inquiry', {
        category: 'other',
        mail_address: 'flood@example.jp',
        body: `${i}`,
      })
      statuses.push(r.status)
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(INQUIRY_LIMIT.max)
    expect(statuses.at(-1)).toBe(429)
    const other = from(server.url, '198.51.100.10')
    expect(
      (
        await other.postJson('/api/inquiry', {
          category: 'other',
          mail_address: 'o@example.jp',
          body: 'x',
        })
      ).status,
    ).toBe(200)

    const viewer = await logInDemo(server, 'demo_viewer')
    expect(
      (await viewer.client.postJson('/api/opinion/create', { body: ' 配信予定が見やすいです ' }))
        .body,
    ).toEqual({
      ok: 1,
    })
    const opinions = await db()
      .selectFrom('opinions')
      .select(['user_id', 'body'])
      .where('user_id', '=', viewer.userId)
      .execute()
    expect(opinions).toEqual([{ user_id: viewer.userId, body: '配信予定が見やすいです' }])
    const [toOperator] = (await mails('help@kirari.example')).filter((m) =>
      m.subject.startsWith('[ご意見'),
    )
    expect(toOperator?.body).toContain('配信予定が見やすいです')
  })
})
