import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../app.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from '../services/comments.ts'
import { findSession } from '../services/sessions.ts'
import { idString, query } from '../validate.ts'

/** Room lookup by `room_url_key` (SPEC.md §3 room lookup response) and the live's polling. */
export function roomRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room/status', async (c) => {
    const { room_url_key } = query(
      c,
      v.object({ room_url_key: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)) }),
    )
    const room = await c.var.db
      .selectFrom('rooms')
      .selectAll()
      .where('room_url_key', '=', room_url_key)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const live = await openLive(c.var.db, { roomId: room.id })
    const session = await findSession(c.var.db, c)
    const url = new URL(c.req.url)
    const image = `${url.origin}/img/room/${room.id}.svg`
    return c.json({
      room_id: room.id,
      room_url_key: room.room_url_key,
      room_name: room.room_name,
      main_name: room.main_name,
      description: room.description,
      image_s: image,
      image,
      is_official: room.is_official,
      genre_id: room.genre_id,
      follower_num: room.follower_num,
      broadcast_host: url.hostname,
      broadcast_key: live?.bcsvr_key ?? '',
      is_live: live !== undefined,
      live_id: live?.live_id ?? 0,
      started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
      is_fav: false,
      did_send_live_bad_report: false,
      share: {
        twitter: {
          text: `${room.main_name}が配信中！ #Kirari`,
          url: `${url.origin}/r/${room.room_url_key}`,
        },
      },
      is_owner: session?.userId != null && session.userId === room.owner_user_id,
      isRoomOrganizer: false,
    })
  })

  // The fields of fixtures/showroom-api/room_profile.json that Kirari has data for.
  api.get('/room/profile', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const room = await c.var.db
      .selectFrom('rooms')
      .innerJoin('genres', 'genres.id', 'rooms.genre_id')
      .select([
        'rooms.id',
        'rooms.room_url_key',
        'rooms.room_name',
        'rooms.main_name',
        'rooms.description',
        'rooms.follower_num',
        'rooms.is_official',
        'rooms.genre_id',
        'genres.name as genre_name',
      ])
      .where('rooms.id', '=', room_id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const live = await openLive(c.var.db, { roomId: room.id })
    const views = live
      ? await c.var.db
          .selectFrom('lives')
          .select('view_num')
          .where('id', '=', live.live_id)
          .executeTakeFirst()
      : undefined
    const origin = new URL(c.req.url).origin
    const image = `${origin}/img/room/${room.id}.svg`
    const shareUrl = `${origin}/r/${room.room_url_key}`
    return c.json({
      room_id: room.id,
      room_url_key: room.room_url_key,
      room_name: room.room_name,
      main_name: room.main_name,
      performer_name: room.main_name,
      description: room.description,
      follower_num: room.follower_num,
      is_official: room.is_official,
      is_onlive: live !== undefined,
      live_id: live?.live_id ?? 0,
      current_live_started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
      view_num: views?.view_num ?? 0,
      genre_id: room.genre_id,
      genre_name: room.genre_name,
      image,
      image_square: image,
      is_follow: false,
      share_url: shareUrl,
      share_url_live: shareUrl,
      live_tags: [],
      image_list: [],
      voice_list: [],
    })
  })

  api.get('/live/polling', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    // fixtures/showroom-api/polling_live_end.json and polling_on_live_minimal.json.
    if (!live) return c.json({ live_end: 1, invalid: 1 })
    const session = await findSession(c.var.db, c)
    const row = await c.var.db
      .selectFrom('lives')
      .select('view_num')
      .where('id', '=', live.live_id)
      .executeTakeFirstOrThrow()
    return c.json({
      is_login: session?.userId != null,
      online_user_num: row.view_num,
      live_watch_incentive: {},
    })
  })

  return api
}
