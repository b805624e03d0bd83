import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from '../services/comments.ts'
import {
  demoSegments,
  isRendition,
  livePlaylist,
  liveSegment,
  masterPlaylist,
} from '../media/demo-channel.ts'

/** The open live of a room, or 404: only rooms on air have a stream. */
async function liveOf(c: { var: AppEnv['Variables'] }, key: string) {
  const room = await c.var.db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', key)
    .executeTakeFirst()
  const live = room ? await openLive(c.var.db, { roomId: room.id }) : undefined
  if (!live) throw new ApiError(404, messages.notFound)
  return live
}

function rendition(name: string) {
  if (!isRendition(name)) throw new ApiError(404, messages.notFound)
  return name
}

const PLAYLIST = 'application/vnd.apple.mpegurl'

/**
 * Live HLS of the demo rooms: `/hls/{room_url_key}/abr.m3u8` (every rendition),
 * `/hls/{room_url_key}/{rendition}/index.m3u8` and its segments.
 */
export function mediaRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/:key{[\\w-]+}/abr.m3u8', async (c) => {
    await liveOf(c, c.req.param('key'))
    c.header('Content-Type', PLAYLIST)
    c.header('Cache-Control', 'no-cache')
    return c.body(masterPlaylist())
  })

  api.get('/:key{[\\w-]+}/:rendition{[a-z]+}/index.m3u8', async (c) => {
    const live = await liveOf(c, c.req.param('key'))
    const segments = demoSegments(rendition(c.req.param('rendition')))
    c.header('Content-Type', PLAYLIST)
    c.header('Cache-Control', 'no-cache')
    return c.body(livePlaylist(Date.now(), new Date(live.started_at).getTime(), segments.length))
  })

  api.get('/:key{[\\w-]+}/:rendition{[a-z]+}/:file{\\d{1,9}\\.ts}', async (c) => {
    await liveOf(c, c.req.param('key'))
    const segments = demoSegments(rendition(c.req.param('rendition')))
    const segment = liveSegment(Number(c.req.param('file').slice(0, -3)), segments)
    if (!segment) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', 'video/mp2t')
    c.header('Cache-Control', 'public, max-age=60')
    return c.body(segment)
  })

  return api
}
