import { Hono, type Context } from 'hono'
import { sql } from 'kysely'
import * as v from 'valibot'
import type { Ok } from '../../src/contract/common.ts'
import {
  FollowBody,
  RoomIdQuery,
  WelcomeBody,
  type FollowAnswer,
  type IsLiveAnswer,
  type WelcomeAnswer,
} from '../../src/contract/room.ts'
import type { PollingAnswer } from '../../src/contract/live.ts'
import { REGULATION } from '../../src/domain/regulation.ts'
import { publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody, requireUserId } from '../request.ts'
import { grantFreeGifts } from '../services/free-gifts.ts'
import { isAbroad, openLive, ownerPushKey, roomRegulation } from '../services/lives.ts'
import { socketViewers } from '../services/presence.ts'
import { recommendedComments } from '../services/recommended-comments.ts'
import {
  followRoom,
  ownedRoom,
  saveWelcomeComment,
  viewerState,
  welcomeBody,
} from '../services/room-social.ts'
import { findSession } from '../services/sessions.ts'
import { bodyId, idString, input, query, text } from '../validate.ts'

const roomQuery = v.object({ room_id: idString })

async function roomExists(c: Context<AppEnv>, roomId: number) {
  const room = await c.var.db
    .selectFrom('rooms')
    .select(['id', 'genre_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  return room
}

/**
 * Room lookup by `room_url_key` (SPEC.md §3 room lookup response), follow, welcome
 * comment, banners, event and preset comments (SPEC.md §7 Room), and the live's polling.
 */
const FREE_GIFT_TOAST = '視聴ボーナスで無料ギフトを受け取りました'

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
    const viewer = await viewerState(
      c.var.db,
      session?.userId ?? null,
      room.id,
      live?.live_id ?? null,
    )
    const origin = publicOrigin(c)
    const isOwner = session?.userId != null && session.userId === room.owner_user_id
    const image = `${origin}/img/room/${room.id}.svg`
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
      broadcast_host: new URL(origin).hostname,
      broadcast_key: live?.bcsvr_key ?? '',
      is_live: live !== undefined,
      live_id: live?.live_id ?? 0,
      started_at: live ? Math.floor(live.started_at.getTime() / 1000) : 0,
      is_fav: viewer.isFollow,
      did_send_live_bad_report: viewer.didReport,
      share: {
        twitter: {
          text: `${room.main_name}が配信中！ #Kirari`,
          url: `${origin}/r/${room.room_url_key}`,
        },
      },
      is_owner: isOwner,
      // Kirari: the owner's private push key (who followed during the live), for the owner only.
      owner_broadcast_key: isOwner && live ? ownerPushKey(live) : '',
      isRoomOrganizer: false,
    })
  })

  // SPEC.md §4, §7: POST room_id, flag (1 follows, 0 unfollows; 1 when left out). Idempotent.
  const follow = async (c: Context<AppEnv>) => {
    const body = await input(c, FollowBody)
    const userId = await requireUserId(c)
    const result = await followRoom(c.var.db, c.var.hub, {
      userId,
      roomId: body.room_id,
      follow: body.flag,
    })
    return c.json({ ok: 1, ...result } satisfies FollowAnswer)
  }
  api.post('/room/follow', follow)
  api.post('/room/update_follow', follow)

  // The pinned comment on top of the comment list (SPEC.md §3 welcome comment, §6 owner only).
  api.get('/room/welcome_comment', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    const room = await c.var.db
      .selectFrom('rooms')
      .select(['welcome_comment', 'welcome_comment_pinned', 'welcome_comment_at'])
      .where('id', '=', room_id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    return c.json(welcomeBody(room) satisfies WelcomeAnswer)
  })

  // SPEC.md §7: POST comment, is_pinned (0/1, 1 when left out) with the room_id.
  api.post('/room/welcome_comment', async (c) => {
    const body = await input(c, WelcomeBody)
    const saved = await saveWelcomeComment(c.var.db, c.var.hub, {
      userId: await requireUserId(c),
      roomId: body.room_id,
      comment: body.comment,
      pinned: body.is_pinned,
    })
    return c.json({ ok: 1, ...saved } satisfies Ok & WelcomeAnswer)
  })

  // room_id in the query string or in the body (SHOWROOM's client sends a form even here).
  api.delete('/room/welcome_comment', async (c) => {
    const given = c.req.query('room_id')
    const { room_id } = given === undefined ? await input(c, RoomIdQuery) : query(c, RoomIdQuery)
    const userId = await requireUserId(c)
    const saved = await saveWelcomeComment(c.var.db, c.var.hub, {
      userId,
      roomId: room_id,
      comment: null,
      pinned: false,
    })
    return c.json({ ok: 1, ...saved } satisfies Ok & WelcomeAnswer)
  })

  // Banners under the player: the room's own, then those shown everywhere.
  api.get('/room/banners', async (c) => {
    const { room_id } = query(c, roomQuery)
    await roomExists(c, room_id)
    const rows = await c.var.db
      .selectFrom('room_banners')
      .select(['id', 'title', 'url'])
      .where((eb) => eb.or([eb('room_id', '=', room_id), eb('room_id', 'is', null)]))
      .orderBy(sql`room_id is null`)
      .orderBy('sort_order')
      .orderBy('id')
      .execute()
    const origin = publicOrigin(c)
    return c.json({
      banners: rows.map((b) => ({
        id: b.id,
        image: `${origin}/img/banner/${b.id}.svg`,
        url: b.url,
        title: b.title,
      })),
    })
  })

  // SPEC.md §3 Event: event, support and regular_event; empty until Kirari has events.
  api.get('/room/event_and_support', async (c) => {
    const { room_id } = query(c, roomQuery)
    await roomExists(c, room_id)
    return c.json({ event: null, support: null, regular_event: null })
  })

  api.get('/recommended_live_comment', async (c) => {
    const { room_id } = query(c, roomQuery)
    const room = await roomExists(c, room_id)
    return c.json({ recommend_comments: recommendedComments(room.genre_id) })
  })

  // SPEC §7 regulation: GET room_id (and live_id); values 0 none, 1 no limit, 2 limited.
  api.get('/room/check_room_regulation', async (c) => {
    const q = query(c, v.object({ room_id: idString, live_id: v.optional(idString) }))
    const { status } = await roomRegulation(c.var.db, q.room_id, {
      abroad: isAbroad(c),
      nowMs: Date.now(),
    })
    const live =
      q.live_id === undefined
        ? await openLive(c.var.db, { roomId: q.room_id })
        : await openLive(c.var.db, { liveId: q.live_id })
    return c.json({
      under_18_room_regulation_status: status,
      under_18_live_regulation_status:
        live && live.room_id === q.room_id ? status : REGULATION.none,
    })
  })

  // Owner only: marks the room as having performers under 18 (is_under_18_room_regulation 0/1).
  api.post('/room/upsert_room_regulation', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const roomId = bodyId(body, 'room_id')
    const flag = text(body, 'is_under_18_room_regulation', { max: 1 })
    if (flag !== '0' && flag !== '1') {
      throw new ApiError(400, `${messages.invalidParameter} (is_under_18_room_regulation)`)
    }
    const room = await ownedRoom(c.var.db, roomId, userId)
    await c.var.db
      .updateTable('rooms')
      .set({ under_18_regulation: flag === '1' })
      .where('id', '=', room.id)
      .execute()
    const { status } = await roomRegulation(c.var.db, room.id, {
      abroad: isAbroad(c),
      nowMs: Date.now(),
    })
    return c.json({ ok: 1, under_18_room_regulation_status: status })
  })

  api.get('/live/polling', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const live = await openLive(c.var.db, { roomId: room_id })
    // fixtures/showroom-api/polling_live_end.json and polling_on_live_minimal.json.
    if (!live) return c.json({ live_end: 1, invalid: 1 } satisfies PollingAnswer)
    const session = await findSession(c.var.db, c)
    const row = await c.var.db
      .selectFrom('lives')
      .select('view_num')
      .where('id', '=', live.live_id)
      .executeTakeFirstOrThrow()
    // Watching earns free stars (services/gifts.ts); the viewer hears of it in the toast.
    const granted = session?.userId != null && (await grantFreeGifts(c.var.db, session.userId))
    // The live's count from its start (the demo's audience) plus the sockets of every process.
    const watching = await c.var.cache.get(`viewers:${live.bcsvr_key}`, () =>
      socketViewers(c.var.db, live.bcsvr_key, c.var.config.presenceIntervalMs),
    )
    return c.json({
      is_login: session?.userId != null,
      online_user_num: row.view_num + watching,
      live_watch_incentive: {},
      ...(granted && { toast: { message: FREE_GIFT_TOAST } }),
    } satisfies PollingAnswer)
  })

  return api
}

/**
 * `/room/is_live?room_id=` (outside /api, as SHOWROOM has it): `{ ok: 1 }` while the room is on
 * air, `{ ok: 0 }` otherwise — what existing SHOWROOM clients poll before they open a stream.
 */
export function roomLiveCheckRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/is_live', async (c) => {
    const { room_id } = query(c, roomQuery)
    c.header('Cache-Control', 'no-store')
    const onAir = await openLive(c.var.db, { roomId: room_id })
    return c.json({ ok: onAir ? 1 : 0 } satisfies IsLiveAnswer)
  })
  return api
}
