import { Hono } from 'hono'
import { RoomIdQuery, type RoomProfileAnswer } from '../../src/contract/room.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { sessionUserId } from '../request.ts'
import { roomProfile } from '../services/room-profile.ts'
import { query } from '../validate.ts'

/** SPEC.md §7 Room: `/api/room/profile`, a room's public profile. */
export function roomProfileRoutes() {
  const api = new Hono<AppEnv>()

  // Every field of fixtures/showroom-api/room_profile.json (src/contract/room.ts says which are neutral).
  api.get('/room/profile', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    const profile = await roomProfile(c.var.db, room_id, {
      userId: await sessionUserId(c),
      origin: publicOrigin(c),
    })
    return c.json(profile satisfies RoomProfileAnswer)
  })

  return api
}
