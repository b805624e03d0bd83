import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LiverThemesAnswer, RoomLiverThemeAnswer } from '../../src/contract/liver-theme.ts'
import { LIVER_THEMES, seedLiverThemes } from '../../server/db/seed-liver-themes.ts'
import { liverThemeMessages } from '../../server/services/liver-themes/themes.ts'
import { contrast, readableInk } from '../../src/views/liver-theme/theme-colors.ts'
import { TestClient } from './client.ts'
import { logInDemo, startTestServer, testEngines, type TestServer } from './harness.ts'

type Client = Awaited<ReturnType<typeof logInDemo>>['client']

const errorOf = (body: Record<string, unknown>) =>
  (body.errors as Array<{ error_user_msg: string; error_type?: string }> | undefined)?.[0]

describe.each(await testEngines())('liver themes on %s', (engine) => {
  let server: TestServer
  let liver: Client
  let viewer: Client
  let roomId: number
  let otherRoomId: number
  const db = () => server.database.db
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
    const logged = await logInDemo(server, 'demo_liver')
    liver = logged.client
    viewer = (await logInDemo(server, 'demo_viewer')).client
    const room = await db()
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', logged.userId)
      .executeTakeFirstOrThrow()
    roomId = room.id
    const other = await db()
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', 'aoi_music')
      .executeTakeFirstOrThrow()
    otherRoomId = other.id
  })
  afterAll(() => server.close())

  const roomTheme = async (client: Pick<Client, 'json'>, id = roomId) =>
    (await client.json(`/api/room/liver_theme?room_id=${id}`))
      .body as unknown as RoomLiverThemeAnswer
  const pick = (client: Client, themeId: number | string, id = roomId) =>
    client.postJson('/api/room/liver_theme', { room_id: id, theme_id: themeId })

  it('lists the catalogue in its order, and the pick-up themes alone', async () => {
    const all = (await server.get('/api/liver_themes').then((r) => r.json())) as LiverThemesAnswer
    expect(all.liver_themes.map((t) => t.name)).toEqual(LIVER_THEMES.map((t) => t.name))
    const first = all.liver_themes[0]
    expect(first).toEqual({
      theme_id: 1,
      name: '夜桜',
      description: LIVER_THEMES[0]?.description,
      frame_color: '#f4a7c0',
      accent_color: '#c2336a',
      background_color: '#2a1b2e',
      stamps: ['🌸', 'きれい', '🏮', 'ひらひら', '花見したい'],
      image_url: '/img/liver_theme/1.svg',
      is_pick_up: true,
    })
    for (const theme of all.liver_themes) {
      expect(theme.stamps.length).toBeGreaterThanOrEqual(4)
      expect(theme.stamps.length).toBeLessThanOrEqual(6)
      expect(new Set(theme.stamps).size).toBe(theme.stamps.length)
      // The room's comment text (white, and the names' #a9a4bb) reads on the comments' panel.
      expect(contrast(theme.background_color, '#a9a4bb')).toBeGreaterThanOrEqual(4.5)
      expect(contrast(theme.background_color, '#ffffff')).toBeGreaterThanOrEqual(7)
      // The send button's label (readableInk) reads on the accent (WCAG AA, 4.5:1).
      const ink = readableInk(theme.accent_color)
      expect(contrast(theme.accent_color, ink), theme.name).toBeGreaterThanOrEqual(4.5)
    }
    const pickUp = (await server
      .get('/api/pick_up_liver_themes')
      .then((r) => r.json())) as LiverThemesAnswer
    expect(pickUp.liver_themes.map((t) => t.name)).toEqual(['夜桜', '星空', '夏祭り'])
    expect(pickUp.liver_themes.every((t) => t.is_pick_up)).toBe(true)
  })

  it('draws each theme a preview picture; an unknown one is a 404', async () => {
    const picture = await server.get('/img/liver_theme/2.svg')
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toContain('image/svg+xml')
    expect(await picture.text()).toContain('#7aa2ff')
    expect((await server.get('/img/liver_theme/999.svg')).status).toBe(404)
  })

  it('seeds the catalogue again without doubling it, and the database holds colours to #rrggbb', async () => {
    await seedLiverThemes(db())
    const count = await db()
      .selectFrom('liver_themes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(LIVER_THEMES.length)
    await expect(
      db()
        .insertInto('liver_themes')
        .values({
          id: 900,
          name: 'x',
          frame_color: 'red',
          accent_color: '#000000',
          background_color: '#ffffff',
          stamps: '[]',
        })
        .execute(),
    ).rejects.toThrow()
  })

  it("shows anyone the demo room's theme, logged in or not", async () => {
    const anonymous = new TestClient(server.url)
    const seen = await roomTheme(anonymous)
    expect(seen.room_id).toBe(roomId)
    expect(seen.liver_theme?.name).toBe('夜桜')
    expect((await roomTheme(viewer, otherRoomId)).liver_theme).toBeNull()
    expect((await anonymous.json('/api/room/liver_theme?room_id=999999')).status).toBe(404)
  })

  it('lets the owner pick a theme and take it off; a viewer then sees the change', async () => {
    const picked = await pick(liver, 3)
    expect(picked.status).toBe(200)
    expect((picked.body as unknown as RoomLiverThemeAnswer).liver_theme?.name).toBe('夏祭り')
    expect((await roomTheme(viewer)).liver_theme?.stamps).toContain('わっしょい')
    // A form's string id is read as a number too.
    const asText = await pick(liver, '5')
    expect((asText.body as unknown as RoomLiverThemeAnswer).liver_theme?.name).toBe('紅葉狩り')
    const cleared = await pick(liver, 0)
    expect(cleared.status).toBe(200)
    expect((cleared.body as unknown as RoomLiverThemeAnswer).liver_theme).toBeNull()
    expect((await roomTheme(viewer)).liver_theme).toBeNull()
  })

  it("refuses someone else's room, a logged-out caller and a call without the CSRF token", async () => {
    await pick(liver, 2)
    const notOwner = await pick(viewer, 4)
    expect(notOwner.status).toBe(403)
    const anonymous = new TestClient(server.url)
    expect((await pick(anonymous, 4)).status).toBe(401)
    const noToken = await liver.postJson(
      '/api/room/liver_theme',
      { room_id: roomId, theme_id: 4 },
      { csrf: false },
    )
    expect(noToken.status).toBe(403)
    // The owner of one room cannot dress another.
    expect((await pick(liver, 4, otherRoomId)).status).toBe(403)
    expect((await roomTheme(viewer)).liver_theme?.name).toBe('星空')
    expect((await roomTheme(viewer, otherRoomId)).liver_theme).toBeNull()
  })

  it('refuses a theme not in the catalogue with a clear message, storing nothing', async () => {
    const unknown = await pick(liver, 999)
    expect(unknown.status).toBe(400)
    expect(errorOf(unknown.body)).toMatchObject({
      error_user_msg: liverThemeMessages.unknownTheme,
      error_type: 'UNKNOWN_THEME',
    })
    expect((await pick(liver, -1)).status).toBe(400)
    expect((await roomTheme(viewer)).liver_theme?.name).toBe('星空')
  })
})
