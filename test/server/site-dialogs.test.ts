import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnimationsAnswer, SiteDialogAnswer } from '../../src/contract/site-dialog.ts'
import { DEMO_DIALOG_PATH } from '../../server/db/seed-dialogs.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

type Client = Awaited<ReturnType<typeof logInDemo>>['client']
const HOUR = 3_600_000
const text = (title: string) => ({ title, body: `${title}の本文`, link_label: `${title}へ` })

describe.each(await testEngines())('site dialogs and animations on %s', (engine) => {
  let server: TestServer
  let viewer: Client
  let viewerId: number
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const logged = await logInDemo(server, 'demo_viewer')
    viewer = logged.client
    viewerId = logged.userId
  })
  afterAll(() => server.close())

  const dialogOf = async (client: TestClient, path: string, extra = '') => {
    const answer = await client.json(`/api/dialog?path=${encodeURIComponent(path)}${extra}`)
    expect(answer.status).toBe(200)
    return (answer.body as unknown as SiteDialogAnswer).dialog
  }
  const addDialog = async (values: {
    prefix: string
    from: number
    to: number | null
    content?: object
  }) => {
    const now = Date.now()
    const row = await db()
      .insertInto('site_dialogs')
      .values({
        content: JSON.stringify(values.content ?? { ja: text('テスト') }),
        link_url: '/lp/test',
        path_prefix: values.prefix,
        starts_at: new Date(now + values.from),
        ends_at: values.to === null ? null : new Date(now + values.to),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  it('serves the animation catalogue, cacheable, with a rank_up and gifts by the ten', async () => {
    const response = await server.get('/api/animations')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=\d+/)
    const { animations } = (await response.json()) as AnimationsAnswer
    expect(animations.filter((a) => a.kind === 'rank_up')).toHaveLength(1)
    expect(animations.find((a) => a.gift_id === 3)).toMatchObject({ kind: 'gift', min_num: 10 })
    expect(animations.find((a) => a.gift_id === 21)).toMatchObject({ min_num: 1 })
    // Seeding again (the next start) adds nothing twice.
    const { seedAnimations } = await import('../../server/db/seed-dialogs.ts')
    await seedAnimations(db())
    const again = (await (await server.get('/api/animations')).json()) as AnimationsAnswer
    expect(again.animations).toEqual(animations)
  })

  it("offers the demo's dialog on /virtual_liver only, in the caller's locale", async () => {
    const anonymous = new TestClient(server.url)
    const ja = await dialogOf(anonymous, DEMO_DIALOG_PATH)
    expect(ja).toMatchObject({ title: 'キャンペーン開催中', link_url: '/lp/idolcup' })
    expect(await dialogOf(anonymous, `${DEMO_DIALOG_PATH}/ranking`)).toMatchObject({
      dialog_id: ja?.dialog_id,
    })
    expect(await dialogOf(anonymous, '/')).toBeNull()
    expect(await dialogOf(anonymous, '/r/demo_room')).toBeNull()
    // A path that only begins with the same letters is another page.
    expect(await dialogOf(anonymous, `${DEMO_DIALOG_PATH}s`)).toBeNull()
    expect((await dialogOf(anonymous, `/en${DEMO_DIALOG_PATH}`))?.title).toBe('Campaigns are on')
    expect((await dialogOf(anonymous, DEMO_DIALOG_PATH, '&lang=th'))?.link_label).toBe('ดู Idol Cup')
    const english = await anonymous.json(`/api/dialog?path=${DEMO_DIALOG_PATH}`, {
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    expect((english.body as unknown as SiteDialogAnswer).dialog?.title).toBe('Campaigns are on')
    expect((await anonymous.json('/api/dialog?path=virtual_liver')).status).toBe(400)
  })

  it('falls back to Japanese, and shows only within its period, the newest first', async () => {
    const past = await addDialog({ prefix: '/period', from: -3 * HOUR, to: -HOUR })
    const future = await addDialog({ prefix: '/period', from: HOUR, to: 2 * HOUR })
    expect(await dialogOf(viewer, '/period')).toBeNull()
    const open = await addDialog({
      prefix: '/period',
      from: -2 * HOUR,
      to: HOUR,
      content: { ja: text('開催中'), en: text('On now') },
    })
    const older = await addDialog({ prefix: '/', from: -5 * HOUR, to: null })
    expect((await dialogOf(viewer, '/period'))?.dialog_id).toBe(open)
    expect((await dialogOf(viewer, '/period', '&lang=en'))?.title).toBe('On now')
    expect((await dialogOf(viewer, '/period', '&lang=zh-tw'))?.title).toBe('開催中')
    expect([past, future]).not.toContain((await dialogOf(viewer, '/period'))?.dialog_id)
    // '/' covers every page: the home page has it.
    expect((await dialogOf(viewer, '/'))?.dialog_id).toBe(older)
    await db().deleteFrom('site_dialogs').where('id', '=', older).execute()
  })

  it('is shown once per user: closing it hides it for good, a second close changes nothing', async () => {
    const id = await addDialog({ prefix: '/once', from: -HOUR, to: HOUR })
    expect((await dialogOf(viewer, '/once'))?.dialog_id).toBe(id)
    for (let i = 0; i < 2; i++) {
      const closed = await viewer.postJson('/api/dialog/seen', { dialog_id: id })
      expect(closed).toMatchObject({ status: 200, body: { ok: true } })
    }
    expect(await dialogOf(viewer, '/once')).toBeNull()
    const seen = await db()
      .selectFrom('site_dialog_seen')
      .select('user_id')
      .where('dialog_id', '=', id)
      .execute()
    expect(seen).toEqual([{ user_id: viewerId }])
    // Another user still gets it.
    const liver = (await logInDemo(server, 'demo_liver')).client
    expect((await dialogOf(liver, '/once'))?.dialog_id).toBe(id)
  })

  it('answers an anonymous close ok and records nothing; needs the CSRF token', async () => {
    const id = await addDialog({ prefix: '/anon', from: -HOUR, to: HOUR })
    const anonymous = new TestClient(server.url)
    const closed = await anonymous.postJson('/api/dialog/seen', { dialog_id: id })
    expect(closed).toMatchObject({ status: 200, body: { ok: true } })
    expect((await dialogOf(anonymous, '/anon'))?.dialog_id).toBe(id)
    const rows = await db()
      .selectFrom('site_dialog_seen')
      .select('user_id')
      .where('dialog_id', '=', id)
      .execute()
    expect(rows).toEqual([])
    const forged = await viewer.postJson('/api/dialog/seen', { dialog_id: id }, { csrf: false })
    expect(forged.status).toBe(403)
    expect((await viewer.postJson('/api/dialog/seen', { dialog_id: 0 })).status).toBe(400)
    // A dialog that does not exist: nothing to hide, nothing recorded.
    expect((await viewer.postJson('/api/dialog/seen', { dialog_id: 999_999 })).status).toBe(200)
  })
})
