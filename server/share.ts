import type { Db } from './db/index.ts'
import { DEFAULT_LOCALE, LOCALES, splitLocalePath } from '../src/domain/locale.ts'

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

/** A room's page, once its locale prefix is off (splitLocalePath). */
const ROOM_PATH = /^\/(?:r|lite)\/([\w-]{1,64})\/?$/

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/** `/{room_url_key}` of an existing room (SHOWROOM's short URL): where to send the visitor. */
export async function legacyRoomRedirect(db: Db, path: string): Promise<string | null> {
  const match = /^\/([\w-]{1,64})$/.exec(path)
  const key = match?.[1]
  if (!key || RESERVED.has(key)) return null
  const room = await db
    .selectFrom('rooms')
    .select('room_url_key')
    .where('room_url_key', '=', key)
    .executeTakeFirst()
  return room ? `/r/${encodeURIComponent(room.room_url_key)}` : null
}

/**
 * The SPA shell with a room's share metadata in its head, so link previews and tools find the
 * room (og:, twitter:card, canonical, and the profile as an alternate JSON link).
 */
export async function withRoomMetadata(
  db: Db,
  html: string,
  path: string,
  origin: string,
): Promise<string> {
  const key = ROOM_PATH.exec(splitLocalePath(path).path)?.[1]
  if (!key) return html
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'room_url_key', 'room_name', 'main_name', 'description'])
    .where('room_url_key', '=', key)
    .executeTakeFirst()
  if (!room) return html
  const url = `${origin}/r/${encodeURIComponent(room.room_url_key)}`
  const title = `${room.main_name} | ${room.room_name} | Kirari`
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Kirari" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(room.description)}" />`,
    `<meta property="og:image" content="${origin}/img/room/${room.id}.svg" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<link rel="alternate" type="application/json" href="/api/room/profile?room_id=${room.id}" />`,
  ].join('\n    ')
  return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>\n    ${tags}`)
}
