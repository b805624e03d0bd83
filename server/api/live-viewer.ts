import { Hono } from 'hono'
import { RoomQuery, type LiveCurrentUserAnswer } from '../../src/contract/live.ts'
import type { AppEnv } from '../env.ts'
import { requestLocale } from '../request-locale.ts'
import { sessionUserId } from '../request.ts'
import { liveViewer } from '../services/live-viewer.ts'
import { query } from '../validate.ts'

/** SPEC.md §7 live/current_user: the caller as a room sees them (owner, follow, wallet, votes). */
export function liveViewerRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/current_user', async (c) => {
    const { room_id } = query(c, RoomQuery)
    const viewer = await liveViewer(c.var.db, room_id, await sessionUserId(c), requestLocale(c))
    return c.json(viewer satisfies LiveCurrentUserAnswer)
  })

  return api
}
