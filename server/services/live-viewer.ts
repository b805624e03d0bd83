/** A viewer in a room on air: who they are there (live/current_user) and the live's polling. */
import type { LiveCurrentUserAnswer, PollingAnswer } from '../../src/contract/live.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { avatarUrl } from './current-user.ts'
import { votesLeft } from './enquetes.ts'
import { freeGiftStock, grantFreeGifts } from './free-gifts.ts'
import { fanLevel } from './fan-levels.ts'
import { countViewer } from './rankings/scores.ts'
import { openLive } from './lives.ts'
import { viewerState } from './room-social.ts'
import { creditWatching } from './missions/watching.ts'

const FREE_GIFT_TOAST = '視聴ボーナスで無料ギフトを受け取りました'

const ANONYMOUS: LiveCurrentUserAnswer = {
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
}

/** The vote gifts of the room's open enquete with the votes the user has left, or none. */
async function voteStock(db: Db, roomId: number, userId: number) {
  const live = await openLive(db, { roomId })
  return (live && (await votesLeft(db, live.live_id, userId))) ?? []
}

/** SPEC.md §7 live/current_user (GET room_id): the caller as this room sees them. */
export async function liveViewer(
  db: Db,
  roomId: number,
  userId: number | null,
): Promise<LiveCurrentUserAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'owner_user_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  // A signed-in visit to a room on air: one of its viewers this day, week and month (scores).
  if (userId !== null) await countViewer(db, roomId, userId)
  const user =
    userId === null
      ? undefined
      : await db
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
  if (!user) return { ...ANONYMOUS, gift_list: { normal: [], enquete: [] } }
  const viewer = await viewerState(db, user.id, room.id, null)
  const fan = await db
    .selectFrom('fan_points')
    .select('points')
    .where('room_id', '=', room.id)
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  return {
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
      normal: (await freeGiftStock(db, user.id)).normal,
      // While a vote is open: the viewer's votes left, per answer's vote gift.
      enquete: await voteStock(db, room.id, user.id),
    },
    is_confirm_gifting_use_gold: user.is_confirm_gifting_use_gold,
    fan_level: fanLevel(Number(fan?.points ?? 0)),
  }
}

/**
 * `GET /api/live/polling`: off air (fixtures polling_live_end.json), or how many watch — the
 * live's count from its start (the demo's audience) plus `watching(bcsvr_key)`, the sockets of
 * every process. Watching earns a logged-in viewer free stars (free-gifts.ts), told in a toast.
 */
export async function pollLive(
  db: Db,
  request: {
    roomId: number
    userId: number | null
    watching: (bcsvrKey: string) => Promise<number>
  },
): Promise<PollingAnswer> {
  const live = await openLive(db, { roomId: request.roomId })
  if (!live) return { live_end: 1, invalid: 1 }
  const row = await db
    .selectFrom('lives')
    .select('view_num')
    .where('id', '=', live.live_id)
    .executeTakeFirstOrThrow()
  const granted = request.userId !== null && (await grantFreeGifts(db, request.userId))
  // The minutes watched count in the viewer's missions.
  const achieved = request.userId !== null && (await creditWatching(db, request.userId, Date.now()))
  const watching = await request.watching(live.bcsvr_key)
  return {
    is_login: request.userId !== null,
    online_user_num: row.view_num + watching,
    live_watch_incentive: {},
    ...(granted && { toast: { message: FREE_GIFT_TOAST } }),
    // The room says so in the viewer's language (its own toast).
    ...(achieved && { mission: { has_achievement: true } }),
  }
}
