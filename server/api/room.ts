import { Hono, type Context } from 'hono'
import type { Ok } from '../../src/contract/common.ts'
import {
  FollowBody,
  RegulationBody,
  RegulationQuery,
  RoomIdQuery,
  RoomStatusQuery,
  WelcomeBody,
  type BannersAnswer,
  type EventAndSupportAnswer,
  type FollowAnswer,
  type IsLiveAnswer,
  type RecommendedCommentsAnswer,
  type RegulationAnswer,
  type RegulationSavedAnswer,
  type RoomStatusAnswer,
  type WelcomeAnswer,
} from '../../src/contract/room.ts'
import { RoomQuery, type PollingAnswer } from '../../src/contract/live.ts'
import { publicOrigin } from '../caller.ts'
import { roomEvent } from '../services/events/room-event.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import { isAbroad, openLive } from '../services/lives.ts'
import { pollLive } from '../services/live-viewer.ts'
import { socketViewers } from '../services/presence.ts'
import { followRoom, saveWelcomeComment } from '../services/room-social.ts'
import {
  roomBanners,
  roomOr404,
  roomPresets,
  roomStatus,
  welcomeOf,
} from '../services/room-pages.ts'
import { regulationOf, setRoomRegulation } from '../services/room-regulation.ts'
import { input, query, queryOrBody } from '../validate.ts'

/** Where the caller is and when (the under-18 regulation depends on both). */
const regulationContext = (c: Context<AppEnv>) => ({ abroad: isAbroad(c), nowMs: Date.now() })

/**
 * Room lookup by `room_url_key` (SPEC.md §3 room lookup response), follow, welcome
 * comment, banners, event and preset comments (SPEC.md §7 Room), and the live's polling.
 */
export function roomRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/room/status', async (c) => {
    const { room_url_key } = query(c, RoomStatusQuery)
    const status = await roomStatus(c.var.db, room_url_key, {
      userId: await sessionUserId(c),
      origin: publicOrigin(c),
    })
    return c.json(status satisfies RoomStatusAnswer)
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
    return c.json((await welcomeOf(c.var.db, room_id)) satisfies WelcomeAnswer)
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
    const { room_id } = await queryOrBody(c, RoomIdQuery)
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
    const { room_id } = query(c, RoomIdQuery)
    const banners = await roomBanners(c.var.db, room_id, publicOrigin(c))
    return c.json(banners satisfies BannersAnswer)
  })

  // SPEC.md §3 Event: the room's ongoing event with its standing; support and regular_event
  // are not kept by Kirari.
  api.get('/room/event_and_support', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    await roomOr404(c.var.db, room_id)
    return c.json({
      event: await roomEvent(c.var.db, room_id, Date.now()),
      support: null,
      regular_event: null,
    } satisfies EventAndSupportAnswer)
  })

  api.get('/recommended_live_comment', async (c) => {
    const { room_id } = query(c, RoomIdQuery)
    return c.json((await roomPresets(c.var.db, room_id)) satisfies RecommendedCommentsAnswer)
  })

  // SPEC §7 regulation: GET room_id (and live_id); values 0 none, 1 no limit, 2 limited.
  api.get('/room/check_room_regulation', async (c) => {
    const q = query(c, RegulationQuery)
    const where = { roomId: q.room_id, liveId: q.live_id }
    const regulation = await regulationOf(c.var.db, where, regulationContext(c))
    return c.json(regulation satisfies RegulationAnswer)
  })

  // Owner only: marks the room as having performers under 18 (is_under_18_room_regulation 0/1).
  api.post('/room/upsert_room_regulation', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, RegulationBody)
    const saved = await setRoomRegulation(
      c.var.db,
      { userId, roomId: body.room_id, under18: body.is_under_18_room_regulation },
      regulationContext(c),
    )
    return c.json(saved satisfies RegulationSavedAnswer)
  })

  api.get('/live/polling', async (c) => {
    const { room_id } = query(c, RoomQuery)
    const polled = await pollLive(c.var.db, {
      roomId: room_id,
      userId: await sessionUserId(c),
      watching: (key) =>
        c.var.cache.get(`viewers:${key}`, () =>
          socketViewers(c.var.db, key, c.var.config.presenceIntervalMs),
        ),
    })
    return c.json(polled satisfies PollingAnswer)
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
    const { room_id } = query(c, RoomIdQuery)
    c.header('Cache-Control', 'no-store')
    const onAir = await openLive(c.var.db, { roomId: room_id })
    return c.json({ ok: onAir ? 1 : 0 } satisfies IsLiveAnswer)
  })
  return api
}
