import { createHmac } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { ObsRoomBody } from '../../src/contract/obs.ts'
import {
  WHIP_PATH,
  type IceServersAnswer,
  type PublishReadyAnswer,
} from '../../src/contract/whip.ts'
import type { TurnConfig } from '../config-turn.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { ownStreamKey } from '../services/live-owner.ts'
import { releasePublishHold } from '../services/obs-hold.ts'
import { input, query } from '../validate.ts'

/** The media host answers a WHIP offer within seconds (its ICE gathering is local). */
const MEDIA_HOST_TIMEOUT_MS = 10_000
/** An offer is a few kilobytes (the media host checks it; this only bounds what is read). */
const MAX_BODY_BYTES = 64 * 1024

/** TURN REST credentials for `userId` (config-turn.ts), valid ttlSeconds from `nowMs`. */
export function iceServersFor(
  turn: TurnConfig,
  userId: number,
  nowMs = Date.now(),
): IceServersAnswer {
  if (turn.urls.length === 0) return { ice_servers: [], expires_at: 0 }
  const expiresAt = Math.floor(nowMs / 1000) + turn.ttlSeconds
  const stun = turn.urls.filter((u) => u.startsWith('stun'))
  const relays = turn.urls.filter((u) => u.startsWith('turn'))
  const username = `${expiresAt}:${userId}`
  const credential = turn.secret
    ? createHmac('sha1', turn.secret).update(username).digest('base64')
    : ''
  return {
    ice_servers: [
      ...(stun.length ? [{ urls: stun }] : []),
      ...(relays.length ? [{ urls: relays, username, credential }] : []),
    ],
    expires_at: relays.length ? expiresAt : 0,
  }
}

/**
 * `/whip` (RFC 9725), the WHIP endpoint the owner's key answers name (`whip_url`): passed on to
 * the media host (MEDIA_ORIGIN), which holds the WebRTC session and checks the key with the site.
 * Only the HTTP exchange goes through here: the media itself flows to the media host's own
 * address. `GET /api/encoder/ice_servers`: TURN for the owner's broadcast page.
 */
export function whipRoutes() {
  const app = new Hono<AppEnv>()

  const pass = async (c: Context<AppEnv>, path: string) => {
    const method = c.req.method
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type'] as const) {
      const value = c.req.header(name)
      if (value !== undefined) headers[name] = value
    }
    let body: string | null = null
    if (method === 'POST') {
      if (Number(c.req.header('content-length') ?? 0) > MAX_BODY_BYTES) {
        return c.text('the offer is too large', 413)
      }
      body = await c.req.text()
      if (Buffer.byteLength(body) > MAX_BODY_BYTES) return c.text('the offer is too large', 413)
    }
    let answer: Response
    try {
      answer = await fetch(`${c.var.config.mediaOrigin}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.any([c.req.raw.signal, AbortSignal.timeout(MEDIA_HOST_TIMEOUT_MS)]),
      })
    } catch {
      return c.text('the media host cannot be reached; try again shortly', 503)
    }
    for (const name of ['content-type', 'location', 'www-authenticate', 'allow', 'accept-post']) {
      const value = answer.headers.get(name)
      if (value !== null) c.header(name, value)
    }
    c.header('Cache-Control', 'no-store')
    const text = await answer.text()
    // A 204 has no body, not even an empty one.
    if (answer.status === 204) return c.body(null, 204)
    return c.body(text, answer.status as 200)
  }

  app.post(WHIP_PATH, (c) => pass(c, WHIP_PATH))
  app.on(['OPTIONS'], WHIP_PATH, (c) => pass(c, WHIP_PATH))
  app.on(['DELETE', 'PATCH'], `${WHIP_PATH}/sessions/:id{[\\w-]{1,64}}`, (c) =>
    pass(c, `${WHIP_PATH}/sessions/${c.req.param('id')}`),
  )

  app.post('/api/encoder/publish_ready', async (c) => {
    const { room_id } = await input(c, ObsRoomBody)
    await ownStreamKey(c.var.db, { userId: await requireUserId(c), roomId: room_id, rotate: false })
    await releasePublishHold(c.var.db, room_id)
    return c.json({ ok: 1 } satisfies PublishReadyAnswer)
  })

  app.get('/api/encoder/ice_servers', async (c) => {
    const { room_id } = query(c, ObsRoomBody)
    const userId = await requireUserId(c)
    // Only the room's owner broadcasts from it (the key is checked, never sent).
    await ownStreamKey(c.var.db, { userId, roomId: room_id, rotate: false })
    c.header('Cache-Control', 'no-store')
    return c.json(iceServersFor(c.var.config.turn, userId))
  })

  return app
}
