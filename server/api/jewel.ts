import { Hono } from 'hono'
import { JewelHistQuery, type JewelHistAnswer } from '../../src/contract/jewel.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { jewelHistory } from '../services/jewels/jewel-history.ts'
import { query } from '../validate.ts'

/** SPEC §7 `/api/jewel_hist`: a room's earnings from gifts, for its owner (issue #21). */
export function jewelRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/jewel_hist', async (c) => {
    const userId = await requireUserId(c)
    const q = query(c, JewelHistQuery)
    const answer = await jewelHistory(c.var.db, { userId, roomId: q.room_id, month: q.month })
    return c.json(answer satisfies JewelHistAnswer)
  })
  return api
}
