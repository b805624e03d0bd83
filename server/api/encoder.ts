import { publicOrigin } from '../caller.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
import { endLive, isAbroad, openLive, startLive } from '../services/lives.ts'
import { endEnquete, enqueteMessages, startEnquete } from '../services/enquetes.ts'
import {
  TELOP_MAX_LENGTH,
  charCount,
  ownedRoom,
  socialMessages,
  telopBody,
} from '../services/room-social.ts'
import { bodyId, text } from '../validate.ts'

/** The room owner's calls during a live (SPEC.md §7 Encoder): today the telop. */
export function encoderRoutes() {
  const api = new Hono<AppEnv>()

  /** The open live `live_id`, when the caller owns its room: 401, 404 or 403 otherwise. */
  const ownLive = async (c: Context<AppEnv>, liveId: number) => {
    const userId = await requireUserId(c)
    const live = await openLive(c.var.db, { liveId })
    if (!live) throw new ApiError(404, socialMessages.liveEnded)
    if (live.owner_user_id !== userId) throw new ApiError(403, socialMessages.ownerOnly)
    return live
  }

  /** Stores the live's telop ('' removes it) and pushes it to everyone watching. */
  const saveTelop = async (
    c: Context<AppEnv>,
    live: { live_id: number; bcsvr_key: string },
    telop: string,
  ) => {
    await c.var.db.updateTable('lives').set({ telop }).where('id', '=', live.live_id).execute()
    const body = telopBody(telop)
    c.var.hub.publishFrame(live.bcsvr_key, '8', {
      ...body,
      api: `${publicOrigin(c)}/api/live/telop?live_id=${live.live_id}`,
    })
    return c.json({ ok: 1, ...body })
  }

  api.post('/post_telop', async (c) => {
    const body = await readBody(c)
    const liveId = bodyId(body, 'live_id')
    // One line: line breaks and runs of spaces become one space.
    const telop = stripHidden(text(body, 'telop', { max: 1000 }).replace(/\s+/g, ' ')).trim()
    const live = await ownLive(c, liveId)
    if (telop === '') throw new ApiError(400, socialMessages.telopEmpty)
    if (charCount(telop) > TELOP_MAX_LENGTH) {
      throw new ApiError(400, `テロップは${TELOP_MAX_LENGTH}文字以内で入力してください`)
    }
    return saveTelop(c, live, telop)
  })

  api.post('/delete_telop', async (c) => {
    const live = await ownLive(c, bodyId(await readBody(c), 'live_id'))
    return saveTelop(c, live, '')
  })

  /** The caller's room `room_id`: 401, 404 or 403 otherwise. */
  const ownRoom = async (c: Context<AppEnv>, roomId: number) =>
    ownedRoom(c.var.db, roomId, await requireUserId(c))

  // SPEC §7 Encoder live_start (room_id; is_restart 1 continues a live that just ended).
  api.post('/live_start', async (c) => {
    const body = await readBody(c)
    const room = await ownRoom(c, bodyId(body, 'room_id'))
    const restart = text(body, 'is_restart', { max: 1, optional: true })
    if (restart !== '' && restart !== '0' && restart !== '1') {
      throw new ApiError(400, `${messages.invalidParameter} (is_restart)`)
    }
    const started = await startLive(c.var.db, room, {
      restart: restart === '1',
      abroad: isAbroad(c),
      nowMs: Date.now(),
    })
    return c.json({ ok: 1, ...started })
  })

  api.post('/live_end', async (c) => {
    const live = await ownLive(c, bodyId(await readBody(c), 'live_id'))
    return c.json(await endLive(c.var.db, c.var.hub, live))
  })

  // Votes (issue #5): the owner opens one with `options` answers (2–10) and closes it.
  api.post('/enquete_start', async (c) => {
    const body = await readBody(c)
    const live = await ownLive(c, bodyId(body, 'live_id'))
    const options = text(body, 'options', { max: 2, optional: true }) || '5'
    if (!/^\d{1,2}$/.test(options)) throw new ApiError(400, enqueteMessages.options)
    return c.json(await startEnquete(c.var.db, c.var.hub, live, Number(options)))
  })

  api.post('/enquete_end', async (c) => {
    const live = await ownLive(c, bodyId(await readBody(c), 'live_id'))
    return c.json(await endEnquete(c.var.db, c.var.hub, live))
  })

  return api
}
