import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { ApiError, messages } from '../errors.ts'

const AVATAR_COLORS = [
  '#f0507a',
  '#3b82f6',
  '#f59e0b',
  '#10b981',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#f97316',
]

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function svg(
  c: { header(name: string, value: string): void; body(data: string): Response },
  body: string,
) {
  c.header('Content-Type', 'image/svg+xml; charset=utf-8')
  c.header('Cache-Control', 'public, max-age=3600')
  return c.body(body)
}

/**
 * Room covers and avatars drawn from the room's colour and name, so demo data needs no image
 * files and every room has a recognisable picture.
 */
export function imageRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room/:file{[0-9]+\\.svg}', async (c) => {
    const id = Number(c.req.param('file').replace('.svg', ''))
    const room = await c.var.db
      .selectFrom('rooms')
      .select(['main_name', 'color'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const graphemes = new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(
      room.main_name.replace(/\s/g, ''),
    )
    const initial = escapeXml(Array.from(graphemes, (g) => g.segment)[0] ?? '?')
    const color = /^#[0-9a-f]{6}$/i.test(room.color) ? room.color : '#f0507a'
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1f1d2b"/></linearGradient></defs>
<rect width="320" height="180" fill="url(#g)"/>
<circle cx="160" cy="90" r="52" fill="rgba(255,255,255,0.18)"/>
<text x="160" y="108" font-size="52" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text>
</svg>`,
    )
  })

  api.get('/avatar/:file{[0-7]\\.svg}', (c) => {
    const id = Number(c.req.param('file')[0])
    const color = AVATAR_COLORS[id] ?? '#f0507a'
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<rect width="96" height="96" rx="48" fill="${color}"/>
<circle cx="48" cy="38" r="18" fill="#fff"/><rect x="20" y="60" width="56" height="30" rx="15" fill="#fff"/>
</svg>`,
    )
  })

  return api
}
