import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import { cardPicture, type CardSource } from '../services/pictures.ts'
import { parseOr400 } from '../validate.ts'
import { FileId } from '../../src/contract/common.ts'

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#f0507a')

/** The first characters of a name that fit on a card (graphemes, so emoji stay whole). */
function fitted(name: string, max: number) {
  const graphemes = Array.from(
    new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(name),
    (g) => g.segment,
  )
  return graphemes.length > max ? `${graphemes.slice(0, max - 1).join('')}…` : name
}

/**
 * Shop pictures drawn from a name and a colour, like the gacha banners: shop banners, packages,
 * plans and room items (/img/shop/banner|package|plan/{id}.svg, /img/ec/item/{id}.svg).
 */
export function shopImageRoutes() {
  const api = new Hono<AppEnv>()
  const card = (path: string, table: CardSource, width: number, height: number, max: number) =>
    api.get(`${path}/:file{[0-9]{1,9}\\.svg}`, async (c) => {
      const id = parseOr400(FileId, c.req.param('file'))
      const { name, color } = await cardPicture(c.var.db, table, id)
      const fill = safeColor(color)
      const size = Math.round(height / 7)
      c.header('Content-Type', 'image/svg+xml; charset=utf-8')
      c.header('Cache-Control', 'public, max-age=3600')
      return c.body(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${fill}"/><stop offset="1" stop-color="#1f1d2b"/></linearGradient></defs>
<rect width="${width}" height="${height}" rx="16" fill="url(#g)"/>
<circle cx="${width - height / 3}" cy="${height / 3}" r="${height / 4}" fill="rgba(255,255,255,0.18)"/>
<text x="${width / 2}" y="${height / 2 + size / 3}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(fitted(name, max))}</text>
</svg>`)
    })
  card('/shop/banner', 'shop_banners', 640, 200, 22)
  card('/shop/package', 'shop_packages', 480, 270, 16)
  card('/shop/plan', 'shop_plans', 320, 180, 12)
  card('/ec/item', 'ec_items', 320, 320, 10)
  return api
}
