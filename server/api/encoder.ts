import { Hono } from 'hono'
import {
  EnqueteStartBody,
  LiveIdBody,
  LiveStartBody,
  PostTelopBody,
  type EnqueteEndAnswer,
  type EnqueteStartAnswer,
  type LiveEndAnswer,
  type LiveStartAnswer,
  type TelopSavedAnswer,
} from '../../src/contract/encoder.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { isAbroad } from '../services/lives.ts'
import {
  deleteTelop,
  endOwnEnquete,
  endOwnLive,
  postTelop,
  startOwnEnquete,
  startOwnLive,
} from '../services/live-owner.ts'
import { input } from '../validate.ts'

/** The room owner's calls during a live (SPEC.md §7 Encoder): the live, its telop and votes. */
export function encoderRoutes() {
  const api = new Hono<AppEnv>()

  api.post('/post_telop', async (c) => {
    const body = await input(c, PostTelopBody)
    const call = { userId: await requireUserId(c), liveId: body.live_id, origin: publicOrigin(c) }
    const saved = await postTelop(c.var.db, c.var.hub, { ...call, telop: body.telop })
    return c.json(saved satisfies TelopSavedAnswer)
  })

  api.post('/delete_telop', async (c) => {
    const { live_id } = await input(c, LiveIdBody)
    const call = { userId: await requireUserId(c), liveId: live_id, origin: publicOrigin(c) }
    return c.json((await deleteTelop(c.var.db, c.var.hub, call)) satisfies TelopSavedAnswer)
  })

  // SPEC §7 Encoder live_start (room_id; is_restart 1 continues a live that just ended).
  api.post('/live_start', async (c) => {
    const body = await input(c, LiveStartBody)
    const started = await startOwnLive(c.var.db, {
      userId: await requireUserId(c),
      roomId: body.room_id,
      restart: body.is_restart,
      abroad: isAbroad(c),
      nowMs: Date.now(),
    })
    return c.json(started satisfies LiveStartAnswer)
  })

  api.post('/live_end', async (c) => {
    const { live_id } = await input(c, LiveIdBody)
    const ended = await endOwnLive(c.var.db, c.var.hub, await requireUserId(c), live_id)
    return c.json(ended satisfies LiveEndAnswer)
  })

  // Votes (issue #5): the owner opens one with `options` answers (2–10) and closes it.
  api.post('/enquete_start', async (c) => {
    const body = await input(c, EnqueteStartBody)
    const started = await startOwnEnquete(c.var.db, c.var.hub, {
      userId: await requireUserId(c),
      liveId: body.live_id,
      options: body.options,
    })
    return c.json(started satisfies EnqueteStartAnswer)
  })

  api.post('/enquete_end', async (c) => {
    const { live_id } = await input(c, LiveIdBody)
    const ended = await endOwnEnquete(c.var.db, c.var.hub, await requireUserId(c), live_id)
    return c.json(ended satisfies EnqueteEndAnswer)
  })

  return api
}
