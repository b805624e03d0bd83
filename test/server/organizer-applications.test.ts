import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrganizerApplicationAnswer } from '../../src/contract/organizer-application.ts'
import { INVOICE_NUMBER_MESSAGES } from '../../src/domain/invoice.ts'
import { ORGANIZER_APPLICATION_MESSAGES as M } from '../../src/domain/organizer-application.ts'
import { silentLogger } from '../../server/logger.ts'
import { organizerApplicationMessages } from '../../server/services/organizers/applications.ts'
import { decideApplication } from '../../server/services/organizers/decide.ts'
import { localOutbox } from '../../server/services/outbox.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

const GOOD = {
  company_name: ' 株式会社きらりイベンツ ',
  contact_name: '山田 花子',
  contact_mail: 'events@kirari-events.example',
  contact_phone: '０３－１２３４－５６７８',
  invoice_number: 'Ｔ７０００ ０１２－０５０００２',
}

describe.each(await testEngines())('organizer applications on %s', (engine) => {
  let server: TestServer
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      SUPPORT_MAIL: 'ops@kirari.example',
    })
  })
  afterAll(() => server.close())

  const stored = (userId: number) =>
    db().selectFrom('organizer_applications').selectAll().where('user_id', '=', userId).execute()
  const mails = (to: string) =>
    db().selectFrom('outbox').selectAll().where('recipient', '=', to).orderBy('id').execute()
  const delivery = () => ({
    messages: localOutbox(db(), silentLogger),
    supportMail: 'ops@kirari.example',
    logger: silentLogger,
  })
  const me = async (client: TestClient) => (await client.json('/api/current_user')).body

  it('refuses each malformed field with its own message and stores nothing', async () => {
    const liver = await logInDemo(server, 'demo_liver')
    const bad = await liver.client.postJson('/api/organizer/application', {
      company_name: '   ',
      contact_name: 'あ'.repeat(51),
      contact_mail: 'events@',
      contact_phone: '12-34',
      invoice_number: 'T7000012050003',
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      field_errors: {
        company_name: M.companyEmpty,
        contact_name: M.contactLong,
        contact_mail: M.mail,
        contact_phone: M.phone,
        invoice_number: INVOICE_NUMBER_MESSAGES.checkDigit,
      },
    })
    const more = await liver.client.postJson('/api/organizer/application', {
      ...GOOD,
      company_name: 'あ'.repeat(101),
      contact_name: '',
      invoice_number: '7000012050002',
    })
    expect(more.body).toMatchObject({
      field_errors: {
        company_name: M.companyLong,
        contact_name: M.contactEmpty,
        invoice_number: INVOICE_NUMBER_MESSAGES.format,
      },
    })
    const missing = await liver.client.postJson('/api/organizer/application', { company_name: 1 })
    expect(missing.status).toBe(400)
    expect(await stored(liver.userId)).toEqual([])
    expect(await mails('ops@kirari.example')).toEqual([])
    expect((await me(liver.client)).is_evnet_org_pending).toBe(false)
  })

  it('is for signed-in users only', async () => {
    const anonymous = new TestClient(server.url)
    expect((await anonymous.json('/api/organizer/application')).status).toBe(401)
    expect((await anonymous.postJson('/api/organizer/application', GOOD)).status).toBe(401)
  })

  it('stores a valid application pending, mails the operator and refuses a second', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    expect((await viewer.client.json('/api/organizer/application')).body).toEqual({
      application: null,
      is_organizer: false,
    })
    const sent = await viewer.client.postJson('/api/organizer/application', GOOD)
    expect(sent.status).toBe(200)
    const answer = sent.body as unknown as OrganizerApplicationAnswer
    expect(answer.application).toMatchObject({
      status: 'pending',
      company_name: '株式会社きらりイベンツ',
      contact_phone: '0312345678',
      invoice_number: 'T7000012050002',
      decided_at: null,
    })
    expect((await viewer.client.json('/api/organizer/application')).body).toEqual(answer)
    expect(await me(viewer.client)).toMatchObject({
      is_evnet_org_pending: true,
      is_organizer: false,
      organizer_name: '',
    })
    const [mail] = await mails('ops@kirari.example')
    expect(mail?.subject).toContain('株式会社きらりイベンツ')
    expect(mail?.body).toContain('npm run organizer:approve -- demo_viewer')

    const again = await viewer.client.postJson('/api/organizer/application', {
      ...GOOD,
      invoice_number: '',
    })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      errors: [{ error_user_msg: organizerApplicationMessages.pending }],
    })
    expect(await stored(viewer.userId)).toHaveLength(1)
  })

  it('approves once however often the command runs; an organizer may not apply', async () => {
    const viewer = await logInDemo(server, 'demo_viewer')
    const first = await decideApplication(db(), delivery(), { accountId: 'demo_viewer' })
    expect(first.outcome).toBe('approved')
    const second = await decideApplication(db(), delivery(), { accountId: 'demo_viewer' })
    expect(second.outcome).toBe('already')
    expect(await me(viewer.client)).toMatchObject({
      is_organizer: true,
      is_evnet_org_pending: false,
      organizer_name: '株式会社きらりイベンツ',
    })
    const rows = await stored(viewer.userId)
    expect(rows.map((r) => r.status)).toEqual(['approved'])
    expect(rows[0]?.decided_at).toBeInstanceOf(Date)
    // One notice and one mail to the applicant, not two.
    expect(await mails(GOOD.contact_mail)).toHaveLength(1)
    const notices = await db()
      .selectFrom('user_notices')
      .select('url')
      .where('user_id', '=', viewer.userId)
      .where('url', '=', '/organizer/events')
      .execute()
    expect(notices).toHaveLength(1)
    expect((await viewer.client.json('/api/organizer/events')).status).toBe(200)
    expect((await viewer.client.json('/api/organizer/application')).body).toMatchObject({
      application: { status: 'approved' },
      is_organizer: true,
    })
    const refused = await viewer.client.postJson('/api/organizer/application', GOOD)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      errors: [{ error_user_msg: organizerApplicationMessages.alreadyOrganizer }],
    })
    expect(await decideApplication(db(), delivery(), { accountId: 'nobody_here' })).toEqual({
      outcome: 'unknown-account',
    })
  })

  it('rejects with a reason; the applicant may apply again', async () => {
    const minor = await logInDemo(server, 'demo_minor')
    await minor.client.postJson('/api/organizer/application', { ...GOOD, invoice_number: '' })
    const rejected = await decideApplication(db(), delivery(), {
      accountId: 'demo_minor',
      reject: '連絡先が確認できませんでした。',
    })
    expect(rejected.outcome).toBe('rejected')
    const answer = (await minor.client.json('/api/organizer/application'))
      .body as unknown as OrganizerApplicationAnswer
    expect(answer.application).toMatchObject({
      status: 'rejected',
      invoice_number: null,
      decided_note: '連絡先が確認できませんでした。',
    })
    expect(await me(minor.client)).toMatchObject({
      is_organizer: false,
      is_evnet_org_pending: false,
    })
    expect((await decideApplication(db(), delivery(), { accountId: 'demo_minor' })).outcome).toBe(
      'none',
    )
    const again = await minor.client.postJson('/api/organizer/application', GOOD)
    expect(again.status).toBe(200)
    expect((await me(minor.client)).is_evnet_org_pending).toBe(true)
  })
})
