import { Hono } from 'hono'
import {
  VirtualRankingQuery,
  type VirtualEventsAnswer,
  type VirtualRankingAnswer,
  type VirtualRoomsAnswer,
} from '../../src/contract/virtual.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { virtualEvents } from '../services/virtual/events.ts'
import { virtualRanking } from '../services/virtual/ranking.ts'
import { virtualRoomLists } from '../services/virtual/rooms.ts'
import { query } from '../validate.ts'

/**
 * The virtual livers' corner (issue #22; SPEC §2 `/virtual_liver`): its rooms, its events and its
 * ranking, public. Mounted at `/api/virtual_liver` (server/app.ts).
 */
export function virtualLiverRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/rooms', async (c) => {
    const answer = await virtualRoomLists(c.var.db, publicOrigin(c))
    return c.json(answer satisfies VirtualRoomsAnswer)
  })

  api.get('/events', async (c) => {
    const answer = await virtualEvents(c.var.db, Date.now())
    return c.json(answer satisfies VirtualEventsAnswer)
  })

  api.get('/ranking', async (c) => {
    const q = query(c, VirtualRankingQuery)
    const answer = await virtualRanking(c.var.db, q.period, Date.now(), publicOrigin(c))
    return c.json(answer satisfies VirtualRankingAnswer)
  })

  return api
}
