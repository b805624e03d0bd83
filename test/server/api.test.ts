import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { migrate } from '../../server/db/migrate.ts'
import { seed } from '../../server/db/seed.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

const fixture = JSON.parse(
  fs.readFileSync(
    path.resolve(
      import.meta.dirname,
      '../../../shared/fixtures/showroom-api/onlives_live_item.json',
    ),
    'utf8',
  ),
) as Record<string, unknown>

const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v)

interface ErrorJson {
  errors: Array<{ error_user_msg: string; redirect_url?: string; error_type?: string }>
}

async function expectCatalogueError(response: Response, status: number) {
  expect(response.status).toBe(status)
  const body = (await response.json()) as ErrorJson
  expect(body.errors[0]?.error_user_msg).toEqual(expect.any(String))
  expect(body.errors[0]?.error_user_msg.length).toBeGreaterThan(0)
  return body
}

describe.each(await testEngines())('API on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.close())

  it('counts the rooms on air', async () => {
    const open = await server.database.db
      .selectFrom('lives')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow()
    const response = await server.get('/api/live/onlive_num')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ num: open.n })
    expect(open.n).toBeGreaterThan(3)
  })

  it('lists on-air rooms by genre in the recorded SHOWROOM item shape', async () => {
    const body = (await (await server.get('/api/live/onlives?skip_serial_code_live=1')).json()) as {
      onlives: Array<{
        genre_id: number
        genre_name: string
        lives: Array<Record<string, unknown>>
      }>
    }
    const lives = body.onlives.flatMap((g) => g.lives)
    expect(lives.length).toBeGreaterThan(3)
    for (const live of lives) {
      expect(Object.keys(live).sort()).toEqual(Object.keys(fixture).sort())
      for (const [key, value] of Object.entries(fixture))
        expect(kind(live[key]), key).toBe(kind(value))
      const stream = (live.streaming_url_list as Array<Record<string, unknown>>)[0]
      expect(Object.keys(stream ?? {}).sort()).toEqual(
        Object.keys((fixture.streaming_url_list as Array<Record<string, unknown>>)[0] ?? {}).sort(),
      )
    }
    for (const genre of body.onlives) {
      const views = genre.lives.map((l) => l.view_num as number)
      expect(views).toEqual([...views].sort((a, b) => b - a))
      expect(genre.lives.every((l) => l.genre_id === genre.genre_id)).toBe(true)
    }
    expect(body.onlives.some((g) => g.genre_name === 'アイドル')).toBe(true)
  })

  it('answers the pick-up call with genre 8 only', async () => {
    const body = (await (await server.get('/api/live/onlives?is_pickup=1')).json()) as {
      onlives: Array<{ genre_id: number; genre_name: string; lives: unknown[] }>
    }
    expect(body.onlives).toHaveLength(1)
    expect(body.onlives[0]).toMatchObject({ genre_id: 8, genre_name: 'Pick Up' })
    expect(body.onlives[0]?.lives.length).toBeGreaterThan(0)
  })

  it('names genres in English for lang=en', async () => {
    const body = (await (await server.get('/api/live/onlives?lang=en')).json()) as {
      onlives: Array<{ genre_name: string }>
    }
    expect(body.onlives.map((g) => g.genre_name)).toContain('Idol')
  })

  it.each([
    '/api/live/onlives?is_pickup=2',
    '/api/live/onlives?room_id=abc',
    '/api/live/onlives?room_id=0',
    '/api/live/onlives?lang=fr',
    '/api/live/onlives?skip_serial_code_live=%00',
  ])('answers invalid input %s with 400 and a message', async (url) => {
    await expectCatalogueError(await server.get(url), 400)
  })

  it('answers unknown API paths and methods in the error catalogue shape, never 500', async () => {
    await expectCatalogueError(await server.get('/api/nothing/here'), 404)
    // A state-changing call without the session's CSRF token is refused before anything else.
    await expectCatalogueError(
      await server.get('/api/live/onlives', { method: 'POST', body: '{bad json' }),
      403,
    )
    await expectCatalogueError(await server.get('/img/room/99999.svg'), 404)
  })

  it('gives a CSRF token bound to a session cookie', async () => {
    const first = await server.get('/api/csrf_token')
    const cookie = first.headers.get('set-cookie') ?? ''
    // SHOWROOM's name, which existing SHOWROOM clients read.
    expect(cookie).toMatch(/^sr_id=[\w-]+/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const { csrf_token } = (await first.json()) as { csrf_token: string }
    expect(csrf_token.length).toBeGreaterThanOrEqual(24)

    const sid = /sr_id=([\w-]+)/.exec(cookie)?.[1] ?? ''
    const again = await server.get('/api/csrf_token', { headers: { cookie: `sr_id=${sid}` } })
    expect(again.headers.get('set-cookie')).toBeNull()
    expect(((await again.json()) as { csrf_token: string }).csrf_token).toBe(csrf_token)

    const stranger = (await (await server.get('/api/csrf_token')).json()) as { csrf_token: string }
    expect(stranger.csrf_token).not.toBe(csrf_token)
  })

  it('reports an anonymous visitor, and the user of a logged-in session', async () => {
    const anonymous = (await (await server.get('/api/current_user')).json()) as Record<
      string,
      unknown
    >
    expect(anonymous).toMatchObject({ is_login: false, user_id: 0, account_id: '' })

    const viewer = await server.database.db
      .selectFrom('users')
      .selectAll()
      .where('account_id', '=', 'demo_viewer')
      .executeTakeFirstOrThrow()
    await server.database.db
      .insertInto('sessions')
      .values({
        id: 'test-session-aaaaaaaaaaaaaa',
        user_id: viewer.id,
        csrf_token: 't',
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute()
    const me = (await (
      await server.get('/api/current_user', {
        // A browser with the cookie of before the rename keeps its session.
        headers: { cookie: 'kirari_sid=test-session-aaaaaaaaaaaaaa' },
      })
    ).json()) as Record<string, unknown>
    expect(me).toMatchObject({
      is_login: true,
      account_id: 'demo_viewer',
      gold: viewer.gold,
      expiring_gold: viewer.expiring_gold,
      birthday: viewer.birthday,
      is_organizer: false,
      sms_auth: true,
    })
  })

  it('describes the deployment in service_settings', async () => {
    expect(await (await server.get('/api/service_settings')).json()).toMatchObject({
      locales: ['ja', 'en', 'zh-tw', 'th'],
      default_locale: 'ja',
      page_view_url: null,
      shop_page_view_url: null,
      is_maintenance: false,
    })
  })

  it('serves message files with an ETag and 404s unknown locales', async () => {
    const ja = await server.get('/sr/lang/ja.json')
    expect(ja.status).toBe(200)
    expect(((await ja.json()) as Record<string, unknown>).L_NETWORK_ERROR).toBe(
      'ネットワークエラーが発生しました',
    )
    const etag = ja.headers.get('etag') ?? ''
    expect(
      (await server.get('/sr/lang/ja.json', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304)
    await expectCatalogueError(await server.get('/sr/lang/fr.json'), 404)
  })

  it('serves the SPA for page paths, real 404s for missing files, and nothing outside its folders', async () => {
    const page = await server.get('/some/unknown/page')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="app">')
    expect(page.headers.get('cache-control')).toBe('no-cache')
    // The app's own page under the server's /user/ prefix, opened by its address; the rest of
    // /user/ stays the server's.
    expect(await (await server.get('/user/medal')).text()).toContain('<div id="app">')
    expect((await server.get('/user/no_such_call')).status).toBe(404)
    const asset = await server.get('/assets/app-abc123.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await server.get('/assets/missing-1.js')).status).toBe(404)
    const traversal = await server.get('/..%2f..%2fpackage.json')
    expect(await traversal.text()).not.toContain('"dependencies"')
  })

  it('sets security headers on every response', async () => {
    for (const url of ['/api/live/onlive_num', '/', '/assets/app-abc123.js', '/api/nothing']) {
      const response = await server.get(url)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, url).toContain("default-src 'self'")
      expect(csp, url).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), url).toBe('strict-origin-when-cross-origin')
    }
  })

  it('migrates and seeds once: a second run changes nothing', async () => {
    expect(await migrate(server.database.db)).toEqual([])
    expect(await seed(server.database.db, { demo: true })).toBe(false)
  })
})
