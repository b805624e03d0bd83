import { Hono } from 'hono'
import type { AppEnv } from '../env.ts'
import {
  bannerPicture,
  gachaPicture,
  giftPicture,
  prizePicture,
  roomPicture,
} from '../services/pictures.ts'
import { parseOr400 } from '../validate.ts'
import { FileId, FileNumber } from '../../src/contract/common.ts'
import { GIFT_KIND } from '../../src/domain/gifts.ts'
import { isDefaultAvatar } from '../../src/domain/avatar.ts'
import { prizeAvatarPicture } from '../services/avatars.ts'

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

const safeColor = (color: string) => (/^#[0-9a-f]{6}$/i.test(color) ? color : '#f0507a')

export function svg(
  c: { header(name: string, value: string): void; body(data: string): Response },
  body: string,
) {
  c.header('Content-Type', 'image/svg+xml; charset=utf-8')
  c.header('Cache-Control', 'public, max-age=3600')
  return c.body(body)
}

/** A prize avatar: the prize's colour, a gold star badge and the rarity on a band. */
const prizeAvatarSvg = (color: string, rarity: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.3" stop-color="${color}"/><stop offset="1" stop-color="${color}"/></linearGradient><clipPath id="c"><circle cx="48" cy="48" r="48"/></clipPath></defs>
<g clip-path="url(#c)"><rect width="96" height="96" fill="url(#g)"/>
<circle cx="48" cy="38" r="18" fill="#fff"/><rect x="20" y="60" width="56" height="30" rx="15" fill="#fff"/>
<rect y="74" width="96" height="22" fill="rgba(31,29,43,0.75)"/>
<text x="48" y="90" font-size="15" text-anchor="middle" fill="#fde68a" font-family="sans-serif" font-weight="bold">${escapeXml(rarity)}</text></g>
<polygon points="78,4 82,14 93,14 84,21 88,32 78,25 68,32 72,21 63,14 74,14" fill="#facc15" stroke="#fff" stroke-width="2"/>
</svg>`

/**
 * Room covers and avatars drawn from the room's colour and name, so demo data needs no image
 * files and every room has a recognisable picture.
 */
export function imageRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room/:file{[0-9]+\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const room = await roomPicture(c.var.db, id)
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

  // Gifts (/api/live/gift_list image): a gem in the gift's colour with its points, or its name.
  api.get('/gift/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const gift = await giftPicture(c.var.db, id)
    const color = /^#[0-9a-f]{6}$/i.test(gift.color) ? gift.color : '#f0507a'
    // Stars are plain; paid gifts show their points, vote gifts their answer number.
    const caption = gift.kind === GIFT_KIND.vote ? gift.name : gift.free ? '' : String(gift.point)
    const shape = gift.free
      ? '<polygon points="48,8 59,36 90,36 65,55 74,86 48,67 22,86 31,55 6,36 37,36" fill="url(#g)"/>'
      : '<path d="M20 34 L34 14 H62 L76 34 L48 86 Z" fill="url(#g)"/>'
    const label = caption
      ? `<text x="48" y="${gift.free ? 60 : 46}" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="bold">${escapeXml(caption)}</text>`
      : ''
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.35" stop-color="${color}"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>
${shape}${label}
</svg>`,
    )
  })

  // Room banners (/api/room/banners): the banner's title on its colour, no image files needed.
  api.get('/banner/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const banner = await bannerPicture(c.var.db, id)
    const color = /^#[0-9a-f]{6}$/i.test(banner.color) ? banner.color : '#f0507a'
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1f1d2b"/></linearGradient></defs>
<rect width="640" height="160" rx="16" fill="url(#g)"/>
<circle cx="580" cy="30" r="70" fill="rgba(255,255,255,0.12)"/>
<text x="40" y="92" font-size="36" font-weight="bold" fill="#fff" font-family="sans-serif">${escapeXml(banner.title)}</text>
</svg>`,
    )
  })

  // Gacha banners (/api/gachas image): the gacha's name on its colour.
  api.get('/gacha/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const gacha = await gachaPicture(c.var.db, id)
    const color = safeColor(gacha.color)
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200" viewBox="0 0 480 200">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#1f1d2b"/></linearGradient></defs>
<rect width="480" height="200" rx="16" fill="url(#g)"/>
<circle cx="400" cy="70" r="44" fill="rgba(255,255,255,0.2)"/><circle cx="400" cy="70" r="20" fill="rgba(255,255,255,0.5)"/>
<text x="32" y="116" font-size="32" font-weight="bold" fill="#fff" font-family="sans-serif">${escapeXml(gacha.name)}</text>
</svg>`,
    )
  })

  // Gacha prizes other than free gifts (those use their gift's image): a shape per prize type.
  api.get('/prize/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileId, c.req.param('file'))
    const prize = await prizePicture(c.var.db, id)
    const color = safeColor(prize.color)
    const shape =
      prize.prize_type === 'avatar'
        ? `<circle cx="48" cy="48" r="40" fill="${color}"/><circle cx="48" cy="40" r="14" fill="#fff"/><rect x="26" y="58" width="44" height="22" rx="11" fill="#fff"/>`
        : prize.prize_type === 'background'
          ? `<rect x="6" y="16" width="84" height="64" rx="8" fill="${color}"/><circle cx="70" cy="34" r="8" fill="#fde68a"/><path d="M6 80 L36 46 L56 66 L70 54 L90 80 Z" fill="rgba(255,255,255,0.5)"/>`
          : `<rect x="14" y="26" width="68" height="56" rx="6" fill="${color}"/><rect x="10" y="18" width="76" height="14" rx="4" fill="${color}" stroke="#fff" stroke-width="2"/><rect x="44" y="18" width="8" height="64" fill="rgba(255,255,255,0.6)"/>`
    return svg(
      c,
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
${shape}<text x="88" y="92" font-size="14" text-anchor="end" fill="#1f1d2b" font-family="sans-serif" font-weight="bold">${escapeXml(prize.rarity)}</text>
</svg>`,
    )
  })

  // Every avatar id has a picture (domain/avatar.ts): a prize avatar (its id is its gacha prize
  // id) in the prize's colour with a star and its rarity, so it stands out beside a comment;
  // any other id the eight defaults' colours, in turn.
  api.get('/avatar/:file{[0-9]{1,9}\\.svg}', async (c) => {
    const id = parseOr400(FileNumber, c.req.param('file'))
    const prize = isDefaultAvatar(id) ? undefined : await prizeAvatarPicture(c.var.db, id)
    if (prize) return svg(c, prizeAvatarSvg(safeColor(prize.color), prize.rarity))
    const color = AVATAR_COLORS[id % AVATAR_COLORS.length] ?? '#f0507a'
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
