import { Hono } from 'hono'
import {
  MissionQuery,
  MissionReceiveBody,
  type MissionAnswer,
  type MissionReceiveAnswer,
} from '../../src/contract/mission.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import { callerMissions } from '../services/missions/lists.ts'
import { receiveMission } from '../services/missions/receive.ts'
import { input, query } from '../validate.ts'

/** SPEC §7 `/api/mission` (GET room_id) and `/api/mission/receive` (POST mission_id). */
export function missionRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/mission', async (c) => {
    const { room_id } = query(c, MissionQuery)
    const answer = await callerMissions(c.var.db, {
      userId: await sessionUserId(c),
      roomId: room_id,
      atMs: Date.now(),
    })
    return c.json(answer satisfies MissionAnswer)
  })

  api.post('/mission/receive', async (c) => {
    const userId = await requireUserId(c)
    const { mission_id } = await input(c, MissionReceiveBody)
    const answer = await receiveMission(c.var.db, {
      userId,
      missionId: mission_id,
      atMs: Date.now(),
    })
    return c.json(answer satisfies MissionReceiveAnswer)
  })

  return api
}
