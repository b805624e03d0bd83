import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness.ts'

describe('shareable room pages', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it('puts the room’s share metadata into the page of a room URL', async () => {
    const html = await (await server.get('/r/kirari_hoshino')).text()
    expect(html).toContain('<title>星野 きらり | 星野きらりの部屋 | Kirari</title>')
    expect(html).toMatch(
      /<meta property="og:title" content="星野 きらり \| 星野きらりの部屋 \| Kirari" \/>/,
    )
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/img\/room\/\d+\.svg" \/>/,
    )
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
    // One description, the room's, in place of the shell's.
    const descriptions = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)]
    expect(descriptions.map((m) => m[1])).toHaveLength(1)
    expect(descriptions[0]?.[1]).not.toBe('Kirari — ライブ配信プラットフォーム')
    expect(html).toMatch(
      /<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/r\/kirari_hoshino" \/>/,
    )
    expect(html).toMatch(
      /<link rel="alternate" type="application\/json" href="\/api\/room\/profile\?room_id=\d+" \/>/,
    )
    expect(await (await server.get('/en/r/kirari_hoshino')).text()).toContain('og:title')
  })

  it('answers the room profile linked from the page, with the recorded field names', async () => {
    const html = await (await server.get('/r/kirari_hoshino')).text()
    const href = /href="(\/api\/room\/profile\?room_id=\d+)"/.exec(html)?.[1] ?? ''
    const profile = (await (await server.get(href)).json()) as Record<string, unknown>
    expect(profile).toMatchObject({
      room_url_key: 'kirari_hoshino',
      main_name: '星野 きらり',
      is_onlive: true,
    })
    const fixture = JSON.parse(
      fs.readFileSync(
        path.resolve(
          import.meta.dirname,
          '../../../shared/fixtures/showroom-api/room_profile.json',
        ),
        'utf8',
      ),
    ) as Record<string, unknown>
    // Every recorded field, and beyond them only those SPEC §3 Room profile names.
    const spec = [
      'startable_live_types',
      'paid_live_prices',
      'can_paid_live',
      'has_restart_live',
      'last_lived_at',
      'last_live_type',
      'image_url',
      'frame_image_url',
      'is_paid_live',
      'paid_live_price',
      'paid_live_schedule',
      'room_grade_name',
      'is_displayed',
    ]
    const known = new Set([...Object.keys(fixture), ...spec])
    expect(Object.keys(profile).filter((k) => !known.has(k))).toEqual([])
    expect(Object.keys(fixture).filter((k) => !(k in profile))).toEqual([])
    expect((await server.get('/api/room/profile?room_id=999999')).status).toBe(404)
  })

  it('leaves other pages and unknown rooms alone', async () => {
    expect(await (await server.get('/r/no_such_room')).text()).not.toContain('og:title')
    expect(await (await server.get('/terms')).text()).not.toContain('og:title')
  })

  it('sends the short legacy URL of a room to the room, and nothing else', async () => {
    const legacy = await server.get('/kirari_hoshino', { redirect: 'manual' })
    expect(legacy.status).toBe(301)
    expect(legacy.headers.get('location')).toBe('/r/kirari_hoshino')
    const unknown = await server.get('/no_such_thing', { redirect: 'manual' })
    expect(unknown.status).toBe(200)
    expect((await server.get('/terms', { redirect: 'manual' })).status).toBe(200)
  })
})
