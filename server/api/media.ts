import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Hono, type Context } from 'hono'
import {
  RenditionPath,
  RtmpSegmentPath,
  SegmentPath,
  StreamPath,
} from '../../src/contract/media.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { openLiveByUrlKey } from '../services/lives.ts'
import {
  demoSegments,
  isRendition,
  livePlaylist,
  liveSegment,
  masterPlaylist,
} from '../media/demo-channel.ts'
import { pathOr404 } from '../validate.ts'

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

const PLAYLIST = 'application/vnd.apple.mpegurl'

/** A live just started writes its first playlist a few seconds after the encoder connects. */
const FIRST_PLAYLIST_WAIT_MS = 8000

/** The file, waiting up to `waitMs` for it to appear; null when it does not. */
async function readWhenReady(file: string, waitMs: number): Promise<Buffer | null> {
  for (let waited = 0; ; waited += 250) {
    try {
      return await readFile(file)
    } catch {
      if (waited >= waitMs) return null
      await new Promise((r) => setTimeout(r, 250))
    }
  }
}

/**
 * Live HLS of the demo rooms: `/hls/{room_url_key}/abr.m3u8` (every rendition),
 * `/hls/{room_url_key}/{rendition}/index.m3u8` and its segments.
 */
export function mediaRoutes() {
  const api = new Hono<AppEnv>()

  // OBS lives: what nginx-rtmp writes under MEDIA_DIR/hls/{stream name}/ (hls_nested), served
  // under the room's URL key.
  const rtmpFile = async (
    c: Context<AppEnv>,
    file: string,
    type: string,
    cache: string,
  ): Promise<Response> => {
    const live = await liveOf(c, pathOr404(StreamPath, c.req.param()).key)
    if (live.source !== 'rtmp' || !live.ingest_name) throw new ApiError(404, messages.notFound)
    const dir = path.join(c.var.config.mediaDir, 'hls', path.basename(live.ingest_name))
    const data = await readWhenReady(
      path.join(dir, file),
      file === 'index.m3u8' ? FIRST_PLAYLIST_WAIT_MS : 0,
    )
    if (!data) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', type)
    c.header('Cache-Control', cache)
    return c.body(new Uint8Array(data))
  }

  api.get('/:key{[\\w-]+}/live/index.m3u8', (c) => rtmpFile(c, 'index.m3u8', PLAYLIST, 'no-cache'))

  api.get('/:key{[\\w-]+}/live/:file{[\\w-]{1,40}\\.ts}', (c) =>
    rtmpFile(c, pathOr404(RtmpSegmentPath, c.req.param()).file, 'video/mp2t', 'public, max-age=60'),
  )

  api.get('/:key{[\\w-]+}/abr.m3u8', async (c) => {
    await liveOf(c, pathOr404(StreamPath, c.req.param()).key)
    c.header('Content-Type', PLAYLIST)
    c.header('Cache-Control', 'no-cache')
    return c.body(masterPlaylist())
  })

  api.get('/:key{[\\w-]+}/:rendition{[a-z]+}/index.m3u8', async (c) => {
    const stream = pathOr404(RenditionPath, c.req.param())
    const live = await liveOf(c, stream.key)
    const segments = demoSegments(rendition(stream.rendition))
    c.header('Content-Type', PLAYLIST)
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
