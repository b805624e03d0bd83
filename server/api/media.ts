import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono } from 'hono'
import {
  BlockingQuery,
  LiveMediaPath,
  PLAYLIST_CONTENT_TYPE,
  RenditionPath,
  SegmentPath,
  StreamPath,
} from '../../src/contract/media.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { openLiveByUrlKey } from '../services/lives.ts'
import { OnAirCache } from '../services/obs-on-air.ts'
import {
  demoSegments,
  isRendition,
  livePlaylist,
  liveSegment,
  masterPlaylist,
} from '../media/demo-channel.ts'
import { pathOr404, query } from '../validate.ts'

/** The open live of a room, or 404: only rooms on air have a stream. */
async function liveOf(c: { var: AppEnv['Variables'] }, key: string) {
  const live = await openLiveByUrlKey(c.var.db, key)
  if (!live) throw new ApiError(404, messages.notFound)
  return live
}

function rendition(name: string) {
  if (!isRendition(name)) throw new ApiError(404, messages.notFound)
  return name
}

/** A blocking playlist request waits up to 6 s on the media host; past this the host is gone. */
const MEDIA_HOST_TIMEOUT_MS = 12_000

/** Headers of the media host's answer that reach the viewer (and a CDN in front). */
const PASSED_HEADERS = ['content-type', 'content-length'] as const

/**
 * The longest anyone, a CDN included (`s-maxage`), may keep a piece of an OBS live's media, in
 * seconds. The host marks parts and segments fresh for 10 min (their names are unique), but an
 * ended live must stop being watchable from shared caches too (issue #50): a player needs a part
 * only while a playlist names it — the host keeps about 20 s of segments — so a little past that.
 */
export const LIVE_MEDIA_MAX_AGE_S = 30

/**
 * The media host's `Cache-Control` with its `max-age` (and `s-maxage`) held to
 * LIVE_MEDIA_MAX_AGE_S; its other directives (`public`, `immutable`, `no-cache`…) kept as they are.
 */
export function cappedCacheControl(value: string): string {
  const directives = value
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  const ageOf = (name: string) => {
    const found = directives.find((d) => d.toLowerCase().startsWith(`${name}=`))
    const seconds = found === undefined ? NaN : Number(found.slice(name.length + 1))
    return Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined
  }
  const [maxAge, sMaxAge] = [ageOf('max-age'), ageOf('s-maxage')]
  // Without a lifetime it says no-cache or no-store (playlists): nothing to hold.
  if (maxAge === undefined && sMaxAge === undefined) return value
  const kept = directives.filter((d) => !/^(?:max-age|s-maxage)=/i.test(d))
  const cap = (seconds: number | undefined) =>
    Math.min(seconds ?? LIVE_MEDIA_MAX_AGE_S, LIVE_MEDIA_MAX_AGE_S)
  return [...kept, `max-age=${cap(maxAge)}`, `s-maxage=${cap(sMaxAge ?? maxAge)}`].join(', ')
}

/**
 * Live HLS of the demo rooms: `/hls/{room_url_key}/abr.m3u8` (every rendition),
 * `/hls/{room_url_key}/{rendition}/index.m3u8` and its segments. OBS lives: `/hls/{key}/live/…`,
 * proxied from the media host (`npm run media`, MEDIA_ORIGIN), which packages them.
 */
export function mediaRoutes() {
  const api = new Hono<AppEnv>()
  let onAir: OnAirCache | undefined

  // OBS lives: any web process serves them by asking the media host, so the site scales out
  // without a shared disk and blocking playlist reloads work through every process. Only while
  // the room's OBS live is open (known to within ON_AIR_TTL_MS): the host may still hold an
  // ended live's media, and an ended live is nobody's to watch.
  api.get('/:key{[\\w-]+}/live/:file{.+}', async (c) => {
    const { key, file } = pathOr404(LiveMediaPath, c.req.param())
    onAir ??= new OnAirCache(c.var.db)
    if (!(await onAir.isOpen(key))) throw new ApiError(404, messages.notFound)
    const blocking = query(c, BlockingQuery)
    const search = new URLSearchParams()
    if (blocking._HLS_msn !== undefined) search.set('_HLS_msn', blocking._HLS_msn)
    if (blocking._HLS_part !== undefined) search.set('_HLS_part', blocking._HLS_part)
    const qs = search.size > 0 ? `?${search.toString()}` : ''
    let answer: Response
    try {
      answer = await fetch(`${c.var.config.mediaOrigin}/lives/${key}/${file}${qs}`, {
        signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(MEDIA_HOST_TIMEOUT_MS)]),
      })
    } catch {
      throw new ApiError(503, messages.system)
    }
    if (answer.status === 404) throw new ApiError(404, messages.notFound)
    const headers = new Headers()
    for (const name of PASSED_HEADERS) {
      const value = answer.headers.get(name)
      if (value) headers.set(name, value)
    }
    const cacheControl = answer.headers.get('cache-control')
    if (cacheControl) headers.set('cache-control', cappedCacheControl(cacheControl))
    // The media host's refusals (a too-early or malformed blocking request) are passed on.
    return new Response(answer.body, { status: answer.status, headers })
  })

  api.get('/:key{[\\w-]+}/abr.m3u8', async (c) => {
    await liveOf(c, pathOr404(StreamPath, c.req.param()).key)
    c.header('Content-Type', PLAYLIST_CONTENT_TYPE)
    c.header('Cache-Control', 'no-cache')
    return c.body(masterPlaylist())
  })

  api.get('/:key{[\\w-]+}/:rendition{[a-z]+}/index.m3u8', async (c) => {
    const stream = pathOr404(RenditionPath, c.req.param())
    const live = await liveOf(c, stream.key)
    const segments = demoSegments(rendition(stream.rendition))
    c.header('Content-Type', PLAYLIST_CONTENT_TYPE)
    c.header('Cache-Control', 'no-cache')
    return c.body(livePlaylist(Date.now(), new Date(live.started_at).getTime(), segments.length))
  })

  api.get('/:key{[\\w-]+}/:rendition{[a-z]+}/:file{\\d{1,9}\\.ts}', async (c) => {
    const stream = pathOr404(SegmentPath, c.req.param())
    await liveOf(c, stream.key)
    const segment = liveSegment(stream.file, demoSegments(rendition(stream.rendition)))
    if (!segment) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', 'video/mp2t')
    c.header('Cache-Control', 'public, max-age=60')
    return c.body(segment)
  })

  return api
}

const AD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'media', 'ads')
let adClip: Promise<Buffer> | null = null

/**
 * Our own house ad (`/media/ads/kirari-ad.mp4`, services/ad-reward.ts) with byte ranges, as
 * video elements ask for them.
 */
export function adMediaRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/kirari-ad.mp4', async (c) => {
    adClip ??= readFile(path.join(AD_DIR, 'kirari-ad.mp4'))
    const clip = await adClip
    c.header('Content-Type', 'video/mp4')
    c.header('Accept-Ranges', 'bytes')
    c.header('Cache-Control', 'public, max-age=86400')
    const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '')
    if (!range || (range[1] === '' && range[2] === '')) return c.body(new Uint8Array(clip))
    const size = clip.length
    // "bytes=-N" is the last N bytes; "bytes=A-" runs to the end.
    const start = range[1] === '' ? Math.max(0, size - Number(range[2])) : Number(range[1])
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1
    if (start > end || start >= size) {
      c.header('Content-Range', `bytes */${size}`)
      return c.body(null, 416)
    }
    c.header('Content-Range', `bytes ${start}-${end}/${size}`)
    return c.body(new Uint8Array(clip.subarray(start, end + 1)), 206)
  })
  return api
}
