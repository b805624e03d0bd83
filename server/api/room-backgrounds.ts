import { Hono, type Context } from 'hono'
import {
  BackgroundCurrentBody,
  BackgroundFavoriteBody,
  BackgroundFixedBody,
  type RoomBackgroundsAnswer,
} from '../../src/contract/room-background.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import {
  chooseBackground,
  favoriteBackground,
  fixBackground,
  resetBackground,
  roomBackgrounds,
  type BackgroundCaller,
} from '../services/room-backgrounds.ts'
import { input } from '../validate.ts'

const caller = async (c: Context<AppEnv>): Promise<BackgroundCaller> => ({
  userId: await requireUserId(c),
  origin: c.var.origin,
})

/**
 * `/api/room_backgrounds` (issue #21): the room owner's backgrounds and the room's state (GET),
 * and `/current`, `/reset`, `/favorite`, `/fixed` (POST), each answering the whole state again.
 * A user without a room is a 403 NO_ROOM; a background not held, a 400 with nothing stored.
 */
export function roomBackgroundRoutes() {
  const api = new Hono<AppEnv>()
  const reply = (c: Context<AppEnv>, answer: RoomBackgroundsAnswer) => c.json(answer)
  api.get('/room_backgrounds', async (c) =>
    reply(c, await roomBackgrounds(c.var.db, await caller(c))),
  )
  api.post('/room_backgrounds/current', async (c) => {
    const who = await caller(c)
    const body = await input(c, BackgroundCurrentBody)
    return reply(c, await chooseBackground(c.var.db, who, body.background_id))
  })
  api.post('/room_backgrounds/reset', async (c) =>
    reply(c, await resetBackground(c.var.db, await caller(c))),
  )
  api.post('/room_backgrounds/favorite', async (c) => {
    const who = await caller(c)
    const body = await input(c, BackgroundFavoriteBody)
    const request = { prizeId: body.background_id, isFavorite: body.is_favorite }
    return reply(c, await favoriteBackground(c.var.db, who, request))
  })
  api.post('/room_backgrounds/fixed', async (c) => {
    const who = await caller(c)
    const body = await input(c, BackgroundFixedBody)
    return reply(c, await fixBackground(c.var.db, who, body.is_fixed))
  })
  return api
}
