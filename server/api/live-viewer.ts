import { Hono } from 'hono'
import * as v from 'valibot'
import type { AppEnv } from '../env.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { sessionUserId } from '../request.ts'
import { openLive } from '../services/lives.ts'
import { avatarUrl } from '../services/current-user.ts'
import { votesLeft } from '../services/enquetes.ts'
import { freeGiftStock } from '../services/free-gifts.ts'
import { fanLevel } from '../services/gifts.ts'
import { viewerState } from '../services/room-social.ts'
import { idString, query } from '../validate.ts'

/** The vote gifts of the room's open enquete with the votes the user has left, or none. */
async function voteStock(db: Db, roomId: number, userId: number) {
  const live = await openLive(db, { roomId })
  return (live && (await votesLeft(db, live.live_id, userId))) ?? []
}

/** SPEC.md §7 live/current_user: the caller as a room sees them (owner, follow, wallet, votes). */
export function liveViewerRoutes() {
  const api = new Hono<AppEnv>()

  // SPEC.md §7 live/current_user (GET room_id): the caller as this room sees them.
  api.get('/current_user', async (c) => {
    const { room_id } = query(c, v.object({ room_id: idString }))
    const room = await c.var.db
      .selectFrom('rooms')
      .select(['id', 'owner_user_id'])
      .where('id', '=', room_id)
      .executeTakeFirst()
    if (!room) throw new ApiError(404, messages.notFound)
    const userId = await sessionUserId(c)
    const user =
      userId === null
        ? undefined
        : await c.var.db
            .selectFrom('users')
            .select([
              'id',
              'name',
              'avatar_id',
              'sms_auth',
              'gold',
              'expiring_gold',
              'is_confirm_gifting_use_gold',
            ])
            .where('id', '=', userId)
            .executeTakeFirst()
    if (!user) {
      return c.json({
        is_login: false,
        user_id: 0,
        name: '',
        avatar_id: 0,
        avatar_url: '',
        sms_auth: false,
        is_owner: false,
        is_follow: false,
        is_blocked: false,
        gold: 0,
        expiring_gold: 0,
        gift_list: { normal: [], enquete: [] },
        is_confirm_gifting_use_gold: true,
        fan_level: 0,
      })
    }
    const viewer = await viewerState(c.var.db, user.id, room.id, null)
    const fan = await c.var.db
      .selectFrom('fan_points')
      .select('points')
      .where('room_id', '=', room.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    return c.json({
      is_login: true,
      user_id: user.id,
      name: user.name,
      avatar_id: user.avatar_id,
      avatar_url: avatarUrl(user.avatar_id),
      sms_auth: user.sms_auth,
      is_owner: user.id === room.owner_user_id,
      is_follow: viewer.isFollow,
      is_blocked: viewer.isBlocked,
      // What the gift panel needs (issue #5): the wallet, free stock and fan level here.
      gold: user.gold,
      expiring_gold: user.expiring_gold,
      gift_list: {
        normal: (await freeGiftStock(c.var.db, user.id)).normal,
        // While a vote is open: the viewer's votes left, per answer's vote gift.
        enquete: await voteStock(c.var.db, room.id, user.id),
      },
      is_confirm_gifting_use_gold: user.is_confirm_gifting_use_gold,
      fan_level: fanLevel(Number(fan?.points ?? 0)),
    })
  })

  return api
}
