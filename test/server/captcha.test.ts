import { describe, expect, it } from 'vitest'
import { captchaSvg } from '../../server/services/captcha-image.ts'
import { TestClient } from './client.ts'
import { startTestServer } from './harness.ts'

/** What a bot reads from the image's own bytes: text nodes, and each glyph's command sequence. */
const textNodes = (svg: string) => [...svg.matchAll(/>([A-Z0-9])<\/text>/g)].map((m) => m[1])
const commandShape = (svg: string) =>
  [...svg.matchAll(/<path fill="[^"]*" d="([^"]+)"/g)].map((m) => m[1]?.replace(/[^A-Za-z]/g, ''))

describe('captcha picture', () => {
  it('serves a picture whose source says nothing of the word to a script', async () => {
    // The real word (no CAPTCHA_FIXED_WORD), as a bot would meet it.
    const server = await startTestServer('pglite')
    try {
      const bot = new TestClient(server.url)
      const { captcha_url } = (await bot.json('/api/captcha')).body as { captcha_url: string }
      const svg = await (await bot.request(captcha_url)).text()
      const { word } = await server.database.db
        .selectFrom('captchas')
        .select('word')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
      expect(svg).toMatch(/^<svg /)
      // The old extraction finds nothing, and neither does a search for the word or its letters.
      expect(textNodes(svg)).toEqual([])
      expect(svg).not.toMatch(/<text|<tspan|<font|<glyph|font-family/)
      expect(svg.toUpperCase()).not.toContain(word)
      // Outlines only: straight pieces (M, L, Z) for the letters.
      for (const shape of commandShape(svg)) expect(shape).toMatch(/^(ML+Z)+$/)
    } finally {
      await server.close()
    }
  })

  it('draws the same word differently every time: no outline a script could match', () => {
    const shapes = Array.from({ length: 5 }, () => captchaSvg('K7MWP'))
    expect(new Set(shapes).size).toBe(5)
    // The letters' pieces (how many straight lines each contour has) differ between drawings,
    // so no lookup table of glyph shapes fits them.
    const fingerprints = shapes.map((svg) =>
      [...(commandShape(svg)[0] ?? '').matchAll(/ML+Z/g)].map((m) => m[0].length).join(','),
    )
    expect(new Set(fingerprints).size).toBe(5)
  })
})
