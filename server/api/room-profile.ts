import { publicOrigin } from '../caller.ts'
import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { sessionUserId } from '../request.ts'
import { openLive } from '../services/lives.ts'
import { roomConfig } from '../services/ec-items.ts'
import { viewerState } from '../services/room-social.ts'
import { idString, query } from '../validate.ts'

/** SPEC.md §7 Room: `/api/room/profile`, a room's public profile. */
export function roomProfileRoutes() {
  const api = new Hono<AppEnv>()

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
    const viewer = await viewerState(c.var.db, await sessionUserId(c), room.id, null)
    const ec = await roomConfig(c.var.db, { id: room.id }, null)
    const origin = publicOrigin(c)
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
      is_follow: viewer.isFollow,
      share_url: shareUrl,
      share_url_live: shareUrl,
      live_tags: [],
      image_list: [],
      voice_list: [],
      ec_config: {
        sales_available: ec.sales_available,
        is_external_ec: ec.is_external_ec,
        links: ec.links,
      },
    })
  })

  return api
}
