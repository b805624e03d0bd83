import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import {
  MEDIA_SECRET_HEADER,
  ObsRoomBody,
  RtmpCallbackBody,
  RtmpCheckBody,
  RtmpStallBody,
  type ObsKeyAnswer,
  type OriginEndpointAnswer,
  type RtmpPublishAnswer,
  type StreamUrlAnswer,
} from '../../src/contract/obs.ts'
import { WHIP_PATH } from '../../src/contract/whip.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { ownStreamKey } from '../services/live-owner.ts'
import { publishersToDrop } from '../services/obs-on-air.ts'
import { acceptPublish, ingestStalled, publishDone } from '../services/rtmp-ingest.ts'
import { publishPreflight } from '../services/stream-window.ts'
import { input, query } from '../validate.ts'

/** The site's WHIP endpoint (server/api/whip.ts passes it to the media host). */
const whipUrl = (c: Context<AppEnv>) =>
  new URL(WHIP_PATH, c.var.config.publicOrigin ?? new URL(c.req.url).origin).href

/** SPEC §7 `/api/obs/obs_key` (GET room_id; POST room_id rotates) and the encoder's URLs. */
export function obsRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/obs/obs_key', async (c) => {
    const { room_id } = query(c, ObsRoomBody)
    const key = await ownStreamKey(c.var.db, {
      userId: await requireUserId(c),
      roomId: room_id,
      rotate: false,
    })
    return c.json({
      obs_key: key,
      stream_url: c.var.config.rtmpUrl,
      whip_url: whipUrl(c),
    } satisfies ObsKeyAnswer)
  })

  api.post('/obs/obs_key', async (c) => {
    const { room_id } = await input(c, ObsRoomBody)
    const key = await ownStreamKey(c.var.db, {
      userId: await requireUserId(c),
      roomId: room_id,
      rotate: true,
    })
    return c.json({
      obs_key: key,
      stream_url: c.var.config.rtmpUrl,
      whip_url: whipUrl(c),
    } satisfies ObsKeyAnswer)
  })

  api.get('/encoder/stream_url', async (c) => {
    const { room_id } = query(c, ObsRoomBody)
    const key = await ownStreamKey(c.var.db, {
      userId: await requireUserId(c),
      roomId: room_id,
      rotate: false,
    })
    return c.json({
      stream_url: c.var.config.rtmpUrl,
      stream_key: key,
      whip_url: whipUrl(c),
    } satisfies StreamUrlAnswer)
  })

  api.get('/encoder/origin_endpoint', (c) =>
    c.json({ origin_endpoint: c.var.config.rtmpUrl } satisfies OriginEndpointAnswer),
  )

  return api
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether `given` is `secret`, in a time that says nothing of how much of it matched: digests
 * are compared, so their lengths are equal whatever was sent.
 */
const sameSecret = (given: string, secret: string) => timingSafeEqual(digest(given), digest(secret))

/**
 * nginx-rtmp's callbacks (`on_publish`, `on_publish_done`), passed on by the media host, and the
 * host's own `on_stall` and `on_check`: the stream key is the stream `name`. A 2xx
 * (`{ room_url_key }`) lets OBS publish and starts the live (or continues an interrupted one);
 * anything else refuses it. The end of a publish interrupts the live, which ends unless the
 * encoder is back within OBS_RECONNECT_GRACE_MS; a stall interrupts it until the video comes
 * back. `on_check` names the publishers to drop: their live ended, or their key was rotated.
 * Only the media host may call: with RTMP_CALLBACK_SECRET, in the MEDIA_SECRET_HEADER header
 * (never the query: URLs are logged); otherwise, in the demo only, a loopback address. In
 * production a reverse proxy on the same host makes every caller look like loopback, so there
 * the secret is the only way in (without it OBS ingest stays off).
 */
export function rtmpCallbackRoutes() {
  const api = new Hono<AppEnv>()

  const allowed = (c: Context<AppEnv>) => {
    const secret = c.var.config.rtmpCallbackSecret
    if (secret) return sameSecret(c.req.header(MEDIA_SECRET_HEADER) ?? '', secret)
    if (c.var.config.production) return false
    // The socket's own address: a forwarded header could be forged by anyone.
    try {
      return LOOPBACK.has(getConnInfo(c).remote.address ?? '')
    } catch {
      return false
    }
  }

  api.post('/on_publish', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { name } = await input(c, RtmpCallbackBody)
    const accepted = await acceptPublish(c.var.db, c.var.hub, name)
    if ('refused' in accepted) return c.text(accepted.refused, 403)
    return c.json(accepted satisfies RtmpPublishAnswer)
  })

  // A WHIP publisher is checked before it is answered; its live starts at on_publish, once connected.
  api.post('/on_preflight', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { name } = await input(c, RtmpCallbackBody)
    const checked = await publishPreflight(c.var.db, name)
    if ('refused' in checked) return c.text(checked.refused, checked.status)
    return c.json(checked satisfies RtmpPublishAnswer)
  })

  api.post('/on_publish_done', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { name } = await input(c, RtmpCallbackBody)
    await publishDone(c.var.db, c.var.hub, name)
    return c.text('ok')
  })

  api.post('/on_stall', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { name, stalled } = await input(c, RtmpStallBody)
    await ingestStalled(c.var.db, c.var.hub, name, stalled)
    return c.text('ok')
  })

  api.post('/on_check', async (c) => {
    if (!allowed(c)) return c.text('forbidden', 403)
    const { names } = await input(c, RtmpCheckBody)
    return c.json({ drop: await publishersToDrop(c.var.db, names) })
  })

  return api
}
