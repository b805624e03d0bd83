import { Hono, type Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
import {
  endLive,
  openLive,
  roomByStreamKey,
  rotateStreamKey,
  startLive,
  streamKey,
} from '../services/lives.ts'
import { ownedRoom } from '../services/room-social.ts'
import { bodyId, idString, query } from '../validate.ts'

/** The caller's own room `roomId`: 401, 404 or 403 otherwise. */
const ownRoom = async (c: Context<AppEnv>, roomId: number) =>
  ownedRoom(c.var.db, roomId, await requireUserId(c))

/** SPEC §7 `/api/obs/obs_key` (GET room_id; POST room_id rotates) and the encoder's URLs. */
export function obsRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/obs/obs_key', async (c) => {
    const room = await ownRoom(c, query(c, v.object({ room_id: idString })).room_id)
    return c.json({ obs_key: await streamKey(c.var.db, room.id), stream_url: c.var.config.rtmpUrl })
  })

  api.post('/obs/obs_key', async (c) => {
    const room = await ownRoom(c, bodyId(await readBody(c), 'room_id'))
    return c.json({
      obs_key: await rotateStreamKey(c.var.db, room.id),
      stream_url: c.var.config.rtmpUrl,
    })
  })

  api.get('/encoder/stream_url', async (c) => {
    const room = await ownRoom(c, query(c, v.object({ room_id: idString })).room_id)
    return c.json({
      stream_url: c.var.config.rtmpUrl,
      stream_key: await streamKey(c.var.db, room.id),
    })
  })

  api.get('/encoder/origin_endpoint', (c) => c.json({ origin_endpoint: c.var.config.rtmpUrl }))

  return api
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * nginx-rtmp's callbacks (`on_publish`, `on_publish_done`): the stream key is the stream `name`.
 * A 2xx lets OBS publish and starts the live; anything else refuses it. Only nginx may call:
 * with RTMP_CALLBACK_SECRET, the `secret` query; otherwise, in the demo only, a loopback
 * address. In production a reverse proxy on the same host makes every caller look like loopback,
 * so there the secret is the only way in (without it OBS ingest stays off).
 */
export function rtmpCallbackRoutes() {
  const api = new Hono<AppEnv>()

  const allowed = (c: Context<AppEnv>) => {
    const secret = c.var.config.rtmpCallbackSecret
    if (secret) return c.req.query('secret') === secret
    if (c.var.config.production) return false
    // The socket's own address: a forwarded header could be forged by anyone.
    try {
      return LOOPBACK.has(getConnInfo(c).remote.address ?? '')
    } catch {
      return false
    }
  }
  const streamName = async (c: Context<AppEnv>) => {
    const name = (await readBody(c)).name
    return typeof name === 'string' ? name : ''
  }

  api.post('/on_publish', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const name = await streamName(c)
    const room = await roomByStreamKey(c.var.db, name)
    if (!room) return c.text('unknown stream key', 403)
    try {
      await startLive(c.var.db, room, {
        restart: false,
        abroad: false,
        nowMs: Date.now(),
        source: 'rtmp',
        ingestName: name,
      })
    } catch (error) {
      // A regulated hour is refused; a room already on air takes the encoder's video from now.
      if (!(error instanceof ApiError) || error.status !== 409) {
        return c.text(error instanceof Error ? error.message : 'refused', 403)
      }
      await c.var.db
        .updateTable('lives')
        .set({ source: 'rtmp', ingest_name: name })
        .where('room_id', '=', room.id)
        .where('ended_at', 'is', null)
        .execute()
    }
    // nginx writes HLS under this name; viewers reach it as /hls/{room_url_key}/live/, so the
    // stream key never leaves the server.
    return c.text('ok')
  })

  api.post('/on_publish_done', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const name = await streamName(c)
    const live = await c.var.db
      .selectFrom('lives')
      .select(['id'])
      .where('ingest_name', '=', name)
      .where('ended_at', 'is', null)
      .executeTakeFirst()
    const open = live ? await openLive(c.var.db, { liveId: live.id }) : undefined
    if (open?.source === 'rtmp') await endLive(c.var.db, c.var.hub, open)
    return c.text('ok')
  })

  return api
}
