import fs from 'node:fs/promises'
import path from 'node:path'
import * as v from 'valibot'
import type { Db } from './db/index.ts'
import { CampaignQuery } from '../src/contract/campaign.ts'
import { parseId } from '../src/domain/ids.ts'
import {
  DEFAULT_LOCALE,
  LOCALES,
  localizePath,
  splitLocalePath,
  type Locale,
} from '../src/domain/locale.ts'
import { findCampaign } from './services/campaigns/find.ts'

/** First path segments the SPA owns: never taken for a legacy room URL. */
const RESERVED = new Set([
  'r',
  'lite',
  'terms',
  'licence',
  'tokusho',
  'privacypolicy',
  'logo_guideline',
  'follow',
  'ranking',
  'room',
  'user',
  'notice',
  'opinion',
  'inquiry',
  'invoice',
  'mypage',
  'user_avatar',
  'room_background',
  'jewel_hist',
  'organizer',
  'lottery',
  'povo_ec',
  'payment',
  'reset_password',
  'virtual_liver',
  'event',
  'room_memory',
  'lp',
  'maintenance',
  '404',
  'dev',
  // The locales' URL prefixes (Japanese has none).
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE),
  'api',
  'sr',
  'img',
  'hls',
  'captcha',
  'social',
  'assets',
  'favicon.svg',
])

/** The hc hall (issue #22): a fixed card, not a room's. */
const HC_PATH = '/r/hc'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** The page of the room found by its key or its id; null for no such room. */
async function roomPagePath(db: Db, where: { key: string } | { id: number }) {
  const room = await db
    .selectFrom('rooms')
    .select('room_url_key')
    .where((eb) => ('key' in where ? eb('room_url_key', '=', where.key) : eb('id', '=', where.id)))
    .executeTakeFirst()
  return room ? `/r/${encodeURIComponent(room.room_url_key)}` : null
}

/** `/{room_url_key}` of an existing room (SHOWROOM's short URL): where to send the visitor. */
export async function legacyRoomRedirect(db: Db, path: string): Promise<string | null> {
  const match = /^\/([\w-]{1,64})$/.exec(path)
  const key = match?.[1]
  if (!key || RESERVED.has(key)) return null
  return roomPagePath(db, { key })
}

/**
 * `/room/profile?room_id=N`, the share URL of SHOWROOM's pages (and of a room page's state,
 * room-page.ts): where the room's page is, or null for no such room or not this path.
 */
export async function profileRedirect(db: Db, path: string, roomId: string | undefined) {
  if (path.replace(/\/$/, '') !== '/room/profile' || !roomId) return null
  const id = parseId(roomId)
  return id === null ? null : roomPagePath(db, { id })
}

export interface ShareCard {
  title: string
  description: string
  /** An absolute address, or '' for none. */
  image: string
  url: string
  /** The JSON a tool may read instead of the page. */
  alternate?: string
}

/** The page's <title> and its share card (og:, twitter:card, canonical) in the shell's head. */
export function withCard(html: string, card: ShareCard): string {
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Kirari" />`,
    `<meta property="og:title" content="${escapeHtml(card.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(card.description)}" />`,
    ...(card.image ? [`<meta property="og:image" content="${escapeHtml(card.image)}" />`] : []),
    `<meta property="og:url" content="${escapeHtml(card.url)}" />`,
    `<meta name="twitter:card" content="${card.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="description" content="${escapeHtml(card.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(card.url)}" />`,
    ...(card.alternate
      ? [`<link rel="alternate" type="application/json" href="${escapeHtml(card.alternate)}" />`]
      : []),
  ].join('\n    ')
  // The shell's own description gives way to the card's: a page has one.
  return html
    .replace(/[ \t]*<meta name="description"[^>]*>\r?\n?/g, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(card.title)}</title>\n    ${tags}`)
}

/** A room's share card: its names, picture and page, and its profile as the JSON alternate. */
export function roomCard(
  room: {
    id: number
    room_url_key: string
    room_name: string
    main_name: string
    description: string
  },
  origin: string,
): ShareCard {
  return {
    title: `${room.main_name} | ${room.room_name} | Kirari`,
    description: room.description,
    image: `${origin}/img/room/${room.id}.svg`,
    url: `${origin}/r/${encodeURIComponent(room.room_url_key)}`,
    alternate: `/api/room/profile?room_id=${room.id}`,
  }
}

/** Pages whose card is fixed text: the i18n key under `share.` of each. */
const STATIC_CARDS: Record<string, string> = {
  '/virtual_liver': 'virtualLiver',
  '/virtual_liver/events': 'virtualLiverEvents',
  '/virtual_liver/ranking': 'virtualLiverRanking',
  [HC_PATH]: 'hc',
}

const messageFiles = new Map<string, Promise<unknown>>()

/** `share.{key}.title` and `.description` of a locale's i18n file (read once per process). */
async function shareText(i18nDir: string, locale: Locale, key: string) {
  const file = path.join(i18nDir, `${locale}.json`)
  let messages = messageFiles.get(file)
  if (!messages) {
    messages = fs.readFile(file, 'utf8').then((text) => JSON.parse(text) as unknown)
    messages.catch(() => messageFiles.delete(file))
    messageFiles.set(file, messages)
  }
  const entry: unknown = ((await messages) as { share?: Record<string, unknown> }).share?.[key]
  const text = (field: string) => {
    const value: unknown = entry && typeof entry === 'object' ? Reflect.get(entry, field) : ''
    return typeof value === 'string' ? value : ''
  }
  return { title: text('title'), description: text('description') }
}

/**
 * The SPA shell with the share card of the page at `urlPath`: a campaign's (`/lp/*`, in the
 * locale of the path's prefix) or a fixed page's (virtual livers, the hc hall); rooms' pages are
 * room-page.ts's.
 */
export async function withShareMetadata(
  db: Db,
  html: string,
  urlPath: string,
  origin: string,
  i18nDir: string,
): Promise<string> {
  const split = splitLocalePath(urlPath)
  const locale = split.locale ?? DEFAULT_LOCALE
  const page = split.path.replace(/(.)\/$/, '$1')
  const url = `${origin}${localizePath(page, locale)}`
  const lp = /^\/lp\/(.+)$/.exec(page)?.[1]
  if (lp !== undefined) {
    if (!v.is(CampaignQuery, { path: lp })) return html
    const campaign = await findCampaign(db, lp, locale, new Date())
    if (!campaign) return html
    const hero = campaign.hero_image_url
    return withCard(html, {
      title: `${campaign.title} | Kirari`,
      description: campaign.summary,
      image: hero.startsWith('/') ? `${origin}${hero}` : hero,
      url,
    })
  }
  const key = STATIC_CARDS[page]
  if (key) {
    const text = await shareText(i18nDir, locale, key).catch(() => null)
    if (!text?.title) return html
    return withCard(html, {
      title: `${text.title} | Kirari`,
      description: text.description,
      image: '',
      url,
    })
  }
  return html
}
