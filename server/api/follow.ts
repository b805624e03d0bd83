import { Hono } from 'hono'
import {
  FollowGenreQuery,
  FollowRoomsQuery,
  GreetingBody,
  GreetingQuery,
  NextLiveBody,
  NextLiveQuery,
  type GreetingAnswer,
  type FollowGenresAnswer,
  type FollowOnlivesAnswer,
  type FollowRoomsAnswer,
  type FollowSchedulesAnswer,
  type NextLiveAnswer,
  TimeTablesQuery,
  PushSendBody,
  type PushSendAnswer,
  type TimeTablesAnswer,
} from '../../src/contract/follow.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import {
  followedGenres,
  followedRooms,
  followedSchedules,
  setPushSend,
  timeTables,
} from '../services/follow/follows.ts'
import { nextLive, roomGreeting, setGreeting, setNextLive } from '../services/follow/schedules.ts'
import { listOnlives } from '../services/onlives.ts'
import { input, query } from '../validate.ts'

/** SPEC §7 Follow/search (`/api/follow/*`) and the room's next live (`/api/room/next_live`). */
export function followRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/follow/rooms', async (c) => {
    const userId = await requireUserId(c)
    const q = query(c, FollowRoomsQuery)
    const answer = await followedRooms(c.var.db, {
      userId,
      page: q.page,
      count: q.count,
      ...(q.genre_id !== undefined && { genreId: q.genre_id }),
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies FollowRoomsAnswer)
  })

  api.get('/follow/onlives', async (c) => {
    const userId = await requireUserId(c)
    const { genre_id } = query(c, FollowGenreQuery)
    const genres = await listOnlives(c.var.db, {
      pickup: false,
      origin: publicOrigin(c),
      locale: 'ja',
      followedBy: { userId, genreId: genre_id },
    })
    // One list, most watched first, as SHOWROOM's follow page shows it.
    const onlives = genres.flatMap((g) => g.lives).sort((a, b) => b.view_num - a.view_num)
    return c.json({ onlives } satisfies FollowOnlivesAnswer)
  })

  api.get('/follow/schedules', async (c) => {
    const userId = await requireUserId(c)
    const { genre_id } = query(c, FollowGenreQuery)
    const answer = await followedSchedules(c.var.db, {
      userId,
      ...(genre_id !== undefined && { genreId: genre_id }),
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies FollowSchedulesAnswer)
  })

  // Public: the home page's strip of lives to come; a signed-in viewer learns which they follow.
  api.get('/time_table/time_tables', async (c) => {
    const { genre_id } = query(c, TimeTablesQuery)
    const answer = await timeTables(c.var.db, {
      viewerId: await sessionUserId(c),
      ...(genre_id !== undefined && { genreId: genre_id }),
      origin: publicOrigin(c),
    })
    return c.json(answer satisfies TimeTablesAnswer)
  })

  api.get('/follow/genres', async (c) => {
    const userId = await requireUserId(c)
    return c.json((await followedGenres(c.var.db, userId)) satisfies FollowGenresAnswer)
  })

  api.post('/room/push_send_status', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, PushSendBody)
    const answer = await setPushSend(c.var.db, { userId, roomId: body.room_id, on: body.status })
    return c.json(answer satisfies PushSendAnswer)
  })

  api.get('/room/next_live', async (c) => {
    const { room_id } = query(c, NextLiveQuery)
    return c.json((await nextLive(c.var.db, room_id, Date.now())) satisfies NextLiveAnswer)
  })

  api.post('/room/next_live', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, NextLiveBody)
    const answer = await setNextLive(c.var.db, {
      userId,
      roomId: body.room_id,
      startsAt: body.starts_at,
      title: body.title,
      nowMs: Date.now(),
    })
    return c.json(answer satisfies NextLiveAnswer)
  })

  api.get('/room/greeting', async (c) => {
    const { room_id } = query(c, GreetingQuery)
    const answer = await roomGreeting(c.var.db, room_id, await sessionUserId(c))
    return c.json(answer satisfies GreetingAnswer)
  })

  api.post('/room/greeting', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, GreetingBody)
    const answer = await setGreeting(c.var.db, {
      userId,
      roomId: body.room_id,
      greeting: body.greeting,
    })
    return c.json(answer satisfies GreetingAnswer)
  })

  return api
}
