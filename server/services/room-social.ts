import { earnMedals } from './rankings/medals.ts'
import { advanceMissions } from './missions/progress.ts'
import { sql } from 'kysely'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { PushHub } from '../broadcast/hub.ts'
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'
import { openLive } from './lives.ts'
import { ownerPushKey } from './lives.ts'
import { requireRoomRight } from './organizers/room-rights.ts'
import { socialMessages } from './social-messages.ts'

// Its own module: the rights check (organizers/room-rights.ts) says them too, without a circle.
export { socialMessages } from './social-messages.ts'

/** SHOWROOM shows up to 60 characters of telop, scrolling every 6 seconds. */
export const TELOP_MAX_LENGTH = 60
export const TELOP_INTERVAL_MS = 6000
export const WELCOME_MAX_LENGTH = 100

/** Characters as a person counts them (an emoji is one), for the length limits above. */
export function charCount(text: string): number {
  return Array.from(text).length
}

/**
 * Follows (`follow` true) or unfollows a room. Idempotent: only a real change moves
 * rooms.follower_num, in the same transaction, so the count never drifts from the follows.
 */
export async function setFollow(
  db: Db,
  userId: number,
  roomId: number,
  follow: boolean,
): Promise<{ is_follow: boolean; follower_num: number; changed: boolean }> {
  return db.transaction().execute(async (tx) => {
    const changed = follow
      ? await tx
          .insertInto('follows')
          .values({ user_id: userId, room_id: roomId })
          .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
          .returning('room_id')
          .executeTakeFirst()
      : await tx
          .deleteFrom('follows')
          .where('user_id', '=', userId)
          .where('room_id', '=', roomId)
          .returning('room_id')
          .executeTakeFirst()
    const room = await tx
      .updateTable('rooms')
      .set({
        follower_num: changed
          ? follow
            ? sql<number>`follower_num + 1`
            : sql<number>`greatest(follower_num - 1, 0)`
          : sql<number>`follower_num`,
      })
      .where('id', '=', roomId)
      .returning('follower_num')
      .executeTakeFirstOrThrow()
    if (changed && follow) {
      await earnMedals(tx, 'user', userId, ['first_follow'])
      await countFollowMission(tx, userId, roomId)
    }
    return { is_follow: follow, follower_num: room.follower_num, changed: changed !== undefined }
  })
}

/** SPEC §4 system log target type of the owner (the t 202 frame, src/contract/push.ts). */
export const LOG_TARGET_OWNER = 2

export interface ViewerState {
  isFollow: boolean
  /** A follower's notices of the room's lives and schedules; null when not following. */
  pushSend: boolean | null
  /** Has reported the live `liveId` (did_send_live_bad_report). */
  didReport: boolean
  /** Stopped from commenting in the room by its owner. */
  isBlocked: boolean
}

/** How a room looks to one viewer; all false for an anonymous visitor. */
export async function viewerState(
  db: Db,
  userId: number | null,
  roomId: number,
  liveId: number | null,
): Promise<ViewerState> {
  if (userId === null)
    return { isFollow: false, pushSend: null, didReport: false, isBlocked: false }
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('follows')
        .select('push_send_status')
        .where('user_id', '=', userId)
        .where('room_id', '=', roomId)
        .as('push_send'),
      eb
        .exists(
          eb
            .selectFrom('live_reports')
            .select('id')
            .where('user_id', '=', userId)
            .where('live_id', '=', liveId ?? 0),
        )
        .as('did_report'),
      eb
        .exists(
          eb
            .selectFrom('comment_blocks')
            .select('room_id')
            .where('user_id', '=', userId)
            .where('room_id', '=', roomId),
        )
        .as('is_blocked'),
    ])
    .executeTakeFirstOrThrow()
  // SqlBool: PostgreSQL answers true/false.
  return {
    isFollow: row.push_send !== null,
    pushSend: row.push_send,
    didReport: Boolean(row.did_report),
    isBlocked: Boolean(row.is_blocked),
  }
}

export async function isCommentBlocked(db: Db, roomId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('comment_blocks')
    .select('user_id')
    .where('room_id', '=', roomId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}

/** Blocks (or unblocks) a user's comments in a room; idempotent either way. */
export async function setCommentBlocked(
  db: Db,
  roomId: number,
  userId: number,
  blocked: boolean,
): Promise<void> {
  if (blocked) {
    await db
      .insertInto('comment_blocks')
      .values({ room_id: roomId, user_id: userId })
      .onConflict((oc) => oc.columns(['room_id', 'user_id']).doNothing())
      .execute()
  } else {
    await db
      .deleteFrom('comment_blocks')
      .where('room_id', '=', roomId)
      .where('user_id', '=', userId)
      .execute()
  }
}

/** The room, when `userId` owns it: 404 for no such room, 403 for anyone but its owner. */
export async function ownedRoom(db: Db, roomId: number, userId: number) {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'owner_user_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  if (room.owner_user_id !== userId) throw new ApiError(403, socialMessages.ownerOnly)
  return room
}

/** A user that exists, or a 404. */
export async function existingUser(db: Db, userId: number) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(404, socialMessages.userNotFound)
  return user
}

/**
 * GET /api/live/telop and, with `t: 8` and `api`, the telop push frame — the fields of the t:8
 * frame in fixtures/showroom-api/broadcast_ws_messages.json. No telop: '' and an empty list.
 */
export function telopBody(telop: string) {
  return {
    telop,
    telops:
      telop === ''
        ? []
        : [{ text: telop, type: 'user' as const, color: { r: 255, g: 255, b: 255 } }],
    interval: TELOP_INTERVAL_MS,
  }
}

/** GET /api/room/welcome_comment and the t:201 frame: '' and 0 when the room has none. */
export function welcomeBody(room: {
  welcome_comment: string
  welcome_comment_pinned: boolean
  welcome_comment_at: Date | null
}) {
  const none = room.welcome_comment === ''
  return {
    comment: room.welcome_comment,
    is_pinned: none ? false : room.welcome_comment_pinned,
    created_at:
      none || !room.welcome_comment_at ? 0 : Math.floor(room.welcome_comment_at.getTime() / 1000),
  }
}

/**
 * `/api/room/follow`: follows (or unfollows) a room, idempotently; a new follow while the room is
 * on air tells its owner — on the owner's private push key, never the public one.
 */
export async function followRoom(
  db: Db,
  hub: PushHub,
  request: { userId: number; roomId: number; follow: boolean },
): Promise<{ is_follow: boolean; follower_num: number }> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('id', '=', request.roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const { changed, ...result } = await setFollow(db, request.userId, room.id, request.follow)
  const live = changed && request.follow ? await openLive(db, { roomId: room.id }) : undefined
  if (live) {
    const user = await db
      .selectFrom('users')
      .select('name')
      .where('id', '=', request.userId)
      .executeTakeFirstOrThrow()
    hub.publishFrame(ownerPushKey(live), '202', {
      target_type: LOG_TARGET_OWNER,
      user_id: request.userId,
      text: `${user.name}さんがフォローしました`,
      created_at: Math.floor(Date.now() / 1000),
    })
  }
  return result
}

/**
 * The owner's welcome comment (SPEC §3; a navigator with `welcome` too): hidden characters out,
 * 1–100 characters once trimmed, or null to delete it; stored and, while on air, pushed as t:201.
 */
export async function saveWelcomeComment(
  db: Db,
  hub: PushHub,
  request: { userId: number; roomId: number; comment: string | null; pinned: boolean },
) {
  await requireRoomRight(db, request.userId, request.roomId, 'welcome')
  const comment = request.comment === null ? '' : stripHidden(request.comment).trim()
  if (request.comment !== null && comment === '') {
    throw new ApiError(400, socialMessages.welcomeEmpty)
  }
  if (charCount(comment) > WELCOME_MAX_LENGTH) {
    throw new ApiError(400, `ウェルカムコメントは${WELCOME_MAX_LENGTH}文字以内で入力してください`)
  }
  const room = await db
    .updateTable('rooms')
    .set({
      welcome_comment: comment,
      welcome_comment_pinned: comment !== '' && request.pinned,
      welcome_comment_at: comment === '' ? null : new Date(),
    })
    .where('id', '=', request.roomId)
    .returning(['welcome_comment', 'welcome_comment_pinned', 'welcome_comment_at'])
    .executeTakeFirstOrThrow()
  const body = welcomeBody(room)
  const live = await openLive(db, { roomId: request.roomId })
  if (live) hub.publishFrame(live.bcsvr_key, '201', body)
  return body
}

/**
 * A follow counts in the follow missions the first time the user follows the room: following,
 * unfollowing and following again is one follow.
 */
async function countFollowMission(tx: Db, userId: number, roomId: number): Promise<void> {
  const first = await tx
    .insertInto('follows_ever')
    .values({ user_id: userId, room_id: roomId })
    .onConflict((oc) => oc.columns(['user_id', 'room_id']).doNothing())
    .returning('room_id')
    .executeTakeFirst()
  if (first) await advanceMissions(tx, { userId, action: 'follow', amount: 1, atMs: Date.now() })
}
