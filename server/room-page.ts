import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { ROOM_PAGE_STATE_GLOBAL, type RoomPageState } from '../src/contract/room-page.ts'
import { splitLocalePath } from '../src/domain/locale.ts'
import { playableStreams } from '../src/domain/streams.ts'
import type { AppEnv } from './env.ts'
import { roomPageAssets, type PageAssets } from './page-assets.ts'
import { streamingUrls } from './services/live-info.ts'
import { openLive } from './services/lives.ts'
import { escapeHtml, roomCard, withCard, type ShareCard } from './share.ts'

/** A room's page, once its locale prefix is off (splitLocalePath); `/r/hc` is the hc hall. */
const ROOM_PAGE = /^\/(?:r|lite)\/([^/]*)\/?$/
/** What a room URL key can be (rooms.room_url_key); anything else names no room. */
const ROOM_KEY = /^[\w-]{1,64}$/
const HC_PATH = '/r/hc'

/**
 * A value written into an inline script: JSON with `<`, `>`, `&` and the two line separators
 * escaped, so that no text (a room name of `</script>`) can end the script or the JS string.
 */
function scriptValue(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/**
 * The inline script that carries the room: an object literal with bare keys, as SHOWROOM's own
 * pages write theirs (`share_url:"https://…?room_id=N"`, which streamlink's plugin looks for).
 */
export function roomStateScript(state: RoomPageState): string {
  const fields = Object.entries(state).map(([key, value]) => `${key}:${scriptValue(value)}`)
  return `window.${ROOM_PAGE_STATE_GLOBAL}={${fields.join(',')}}`
}

/** A CSP source allowing exactly this inline script's text. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}

/** The room of `key` as every visitor's page shows it, or null when there is no such room. */
async function loadRoomPageState(
  c: Context<AppEnv>,
  key: string,
  origin: string,
): Promise<{ state: RoomPageState; card: ShareCard } | null> {
  const db = c.var.db
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'room_url_key', 'room_name', 'main_name', 'description'])
    .where('room_url_key', '=', key)
    .executeTakeFirst()
  if (!room) return null
  const [live, urls] = await Promise.all([
    openLive(db, { roomId: room.id }),
    streamingUrls(db, room.id, origin, {
      origin: c.var.config.mediaOrigin,
      logger: c.var.logger,
    }),
  ])
  const state: RoomPageState = {
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    share_url: `${origin}/room/profile?room_id=${room.id}`,
    is_live: live !== undefined,
    live_id: live?.live_id ?? 0,
    streaming_url_list: live ? (urls.streaming_url_list ?? []) : [],
  }
  return { state, card: roomCard(room, origin) }
}

/**
 * `<link>`s that start what the room's first frame waits for while the app's script loads. The
 * stream's come first: a browser opens six connections to a host at most, and the playlist
 * behind twenty scripts and styles was the page's slowest request.
 */
function preloadTags(state: RoomPageState, assets: PageAssets, booted: boolean): string[] {
  const modules = (hrefs: readonly string[]) =>
    hrefs.map((href) => `<link rel="modulepreload" href="${href}" />`)
  const tags: string[] = []
  // The playlist the player opens first (hls.js asks for it as an anonymous-mode request).
  const first = state.is_live ? playableStreams(state.streaming_url_list)[0] : undefined
  if (first) {
    const href = escapeHtml(first.url)
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}" />`)
    tags.push(...modules(assets.player))
    // The boot script (withBootScript) and its imports, before the app's many chunks.
    if (booted && assets.boot) tags.push(...modules([assets.boot.script, ...assets.boot.imports]))
  }
  return [
    ...tags,
    // Behind a boot script, not the room's code: its forty-odd chunks, even fetched only and at
    // a low priority, held the stream's requests back by some 300 ms (`npm run bench --
    // first-frame`); the app asks for them all at once when it starts, after the first frame.
    ...(booted ? [] : modules(assets.scripts)),
    ...assets.styles.map(
      (href) =>
        `<link rel="preload" as="style" crossorigin href="${href}"${booted ? ' fetchpriority="low"' : ''} />`,
    ),
  ]
}

/** Scripts fetched ahead, not compiled, as a module's own request would (CORS, credentials). */
const fetchedScripts = (hrefs: readonly string[]) =>
  hrefs.map((href) => `<link rel="preload" as="script" crossorigin href="${href}" />`)

/**
 * The room's script and preloads at the head's start, right after its charset: an inline script
 * after a stylesheet waits for it, and the parser with it (the boot script below it could not
 * start), and the preloads are asked for first.
 */
function withEarlyHead(html: string, head: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i
  return charset.test(html)
    ? html.replace(charset, (meta) => `${meta}\n    ${head}`)
    : html.replace('</head>', () => `  ${head}\n  </head>`)
}

/** The shell's app scripts (Vite writes them so). */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g

/**
 * A live room page with its boot script (src/boot/room-video.ts), in the body it writes into:
 * it runs as soon as it and hls.js are in and starts the video. The app's scripts become
 * preloads, named in the boot script's `data-app`: it runs them once the video shows its first
 * frame (or after a second at most), so that the app's first run does not hold the stream back.
 */
export function withBootScript(html: string, boot: string): string {
  const app: string[] = []
  const preloaded = html.replace(APP_SCRIPT, (_, src: string) => {
    app.push(src)
    return fetchedScripts([src]).join('')
  })
  if (app.length === 0) return html
  const tag = `<script type="module" async src="${boot}" data-app="${app.join(' ')}"></script>`
  return preloaded.replace('</body>', () => `  ${tag}\n  </body>`)
}

export interface RoomPage {
  html: string
  status: 200 | 404
  /** CSP sources for the page's inline script. */
  scriptHashes: string[]
}

/**
 * The SPA shell of a room page (`/r/{key}`, `/lite/{key}`, with a locale prefix or not): the
 * room's share card, its state in an inline script and preloads of the room's code, hls.js
 * and the first playlist. A key that names no room (or is not a key) is the 404 page: the shell,
 * status 404, nothing of the asked path written into it. Null for any other path.
 */
export async function roomPage(
  c: Context<AppEnv>,
  shell: string,
  urlPath: string,
  origin: string,
): Promise<RoomPage | null> {
  const page = splitLocalePath(urlPath).path
  const match = ROOM_PAGE.exec(page)
  if (!match || page.replace(/\/$/, '') === HC_PATH) return null
  const key = match[1] ?? ''
  const notFound: RoomPage = { html: shell, status: 404, scriptHashes: [] }
  if (!ROOM_KEY.test(key)) return notFound
  const found = await c.var.cache.get(`room-page:${origin}:${key}`, () =>
    loadRoomPageState(c, key, origin),
  )
  if (!found) return notFound
  const { state, card } = found
  const script = roomStateScript(state)
  const assets = await roomPageAssets(c.var.config.distDir)
  const first = state.is_live ? playableStreams(state.streaming_url_list)[0] : undefined
  const booted =
    first !== undefined && assets.boot !== null && new RegExp(APP_SCRIPT.source).test(shell)
  const head = [`<script>${script}</script>`, ...preloadTags(state, assets, booted)]
  let html = withEarlyHead(withCard(shell, card), head.join('\n    '))
  if (booted && assets.boot) html = withBootScript(html, assets.boot.script)
  return { html, status: 200, scriptHashes: [scriptHash(script)] }
}
