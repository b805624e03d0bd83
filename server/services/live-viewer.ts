/** A viewer in a room on air: who they are there (live/current_user) and the live's polling. */
import type { LiveCurrentUserAnswer, PollingAnswer } from '../../src/contract/live.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { DEFAULT_LOCALE, type Locale } from '../../src/domain/locale.ts'
import { anonymousUserFields, ownRoomOf, userFields } from './current-user.ts'
import { votesLeft } from './enquetes.ts'
import { freeGiftStock, grantFreeGifts } from './free-gifts.ts'
import { fanProgress } from './fan-levels.ts'
import { liveStanding } from './gift-rankings.ts'
import { badgeBoard } from './rankings/badges.ts'
import { countViewer } from './rankings/scores.ts'
import { openLive } from './lives.ts'
import { viewerState } from './room-social.ts'
import { creditWatching } from './missions/watching.ts'

const FREE_GIFT_TOAST = '視聴ボーナスで無料ギフトを受け取りました'

/** A visitor who is not logged in: every field, empty (SPEC §3 current user). */
const anonymous = (locale: Locale): LiveCurrentUserAnswer => ({
  ...anonymousUserFields(locale),
  sms_auth: false,
  is_owner: false,
  is_follow: false,
  is_blocked: false,
  gift_list: { normal: [], enquete: [] },
})

/** The vote gifts of the live's open enquete with the votes the user has left, or none. */
async function voteStock(db: Db, liveId: number | undefined, userId: number) {
  return (liveId !== undefined && (await votesLeft(db, liveId, userId))) || []
}

/** The user's fan points in a room (0 before their first gift there). */
async function fanPoints(db: Db, roomId: number, userId: number): Promise<number> {
  const fan = await db
    .selectFrom('fan_points')
    .select('points')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(fan?.points ?? 0)
}

/**
 * SPEC.md §7 live/current_user (GET room_id): the caller as this room sees them, in `locale`
 * (the caller's language, request-locale.ts).
 */
export async function liveViewer(
  db: Db,
  roomId: number,
  userId: number | null,
  locale: Locale = DEFAULT_LOCALE,
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
            'account_id',
            'name',
            'avatar_id',
            'sms_auth',
            'gold',
            'expiring_gold',
            'is_confirm_gifting_use_gold',
            'twitter_auth',
          ])
          .where('id', '=', userId)
          .executeTakeFirst()
  if (!user) return anonymous(locale)
  const live = await openLive(db, { roomId: room.id })
  const [viewer, points, stock, enquete, standing, ownRoom, badges] = await Promise.all([
    viewerState(db, user.id, room.id, null),
    fanPoints(db, room.id, user.id),
    freeGiftStock(db, user.id),
    // While a vote is open: the viewer's votes left, per answer's vote gift.
    voteStock(db, live?.live_id, user.id),
    live ? liveStanding(db, live.live_id, user.id) : { point: 0, rank: 0 },
    ownRoomOf(db, user.id),
    badgeBoard(db),
  ])
  return {
    ...userFields(user, {
      ownRoomUrlKey: ownRoom?.room_url_key ?? '',
      badge: badges.user(user.id),
      locale,
    }),
    sms_auth: user.sms_auth,
    is_owner: user.id === room.owner_user_id,
    is_follow: viewer.isFollow,
    is_blocked: viewer.isBlocked,
    // What the gift panel needs (issue #5): the wallet (above), free stock and fan level here.
    gift_list: { normal: stock.normal, enquete },
    ...fanProgress(points),
    contribution_point: standing.point,
    live_rank: standing.rank,
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
