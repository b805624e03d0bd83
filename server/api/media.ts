import { Hono } from 'hono'
import type { AppEnv } from '../app.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from '../services/comments.ts'
import { demoSegments, livePlaylist, segmentFor } from '../media/demo-channel.ts'

async function liveRoom(c: { var: AppEnv['Variables'] }, key: string) {
  const room = await c.var.db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', key)
    .executeTakeFirst()
  if (!room || !(await openLive(c.var.db, { roomId: room.id })))
    throw new ApiError(404, messages.notFound)
}

/** Live HLS of the demo rooms: `/hls/{room_url_key}/index.m3u8` and its segments. */
export function mediaRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/:key{[\\w-]+}/index.m3u8', async (c) => {
    await liveRoom(c, c.req.param('key'))
    c.header('Content-Type', 'application/vnd.apple.mpegurl')
    c.header('Cache-Control', 'no-cache')
    return c.body(livePlaylist(Date.now(), demoSegments().length))
  })

  api.get('/:key{[\\w-]+}/:file{\\d{1,12}\\.ts}', async (c) => {
    await liveRoom(c, c.req.param('key'))
    const segments = demoSegments()
    const segment = segments[segmentFor(Number(c.req.param('file').slice(0, -3)), segments.length)]
    if (!segment) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', 'video/mp2t')
    c.header('Cache-Control', 'public, max-age=60')
    return c.body(new Uint8Array(segment))
  })

  return api
}
