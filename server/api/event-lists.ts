import { Hono } from 'hono'
import {
  SupportUsersQuery,
  type RecommendEventAnswer,
  type SupportUsersAnswer,
} from '../../src/contract/event-pages.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, errorBody, messages } from '../errors.ts'
import { sessionUserId } from '../request.ts'
import { recommendEvents } from '../services/events/lists.ts'
import { supportUsers } from '../services/events/supporters.ts'
import { query } from '../validate.ts'

/**
 * SPEC §7 Events outside `/api/event/`: `/api/recommend_event` and SHOWROOM's
 * `/support/get_support_users`. Mounted at the root (server/app.ts), before the SPA fallback.
 */
export function eventListRoutes() {
  const api = new Hono<AppEnv>()

  // `/support/*` is outside `/api/*`, so app.ts's no-store and maintenance guard do not cover it.
  api.use('/support/*', async (c, next) => {
    c.header('Cache-Control', 'no-store')
    if (c.var.config.maintenance) return c.json(errorBody(messages.maintenance), 503)
    await next()
  })

  api.get('/api/recommend_event', async (c) => {
    const events = await recommendEvents(c.var.db, await sessionUserId(c), Date.now())
    return c.json({ events } satisfies RecommendEventAnswer)
  })

  api.get('/support/get_support_users', async (c) => {
    const q = query(c, SupportUsersQuery)
    const answer = await supportUsers(c.var.db, { eventId: q.event_id, roomId: q.room_id })
    if (!answer) throw new ApiError(404, messages.notFound)
    return c.json(answer satisfies SupportUsersAnswer)
  })

  return api
}
