import type { NavigatorRight } from '../../../src/domain/navigator.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import { openLive } from '../lives.ts'
import { socialMessages } from '../social-messages.ts'

/*
 * The one place an owner tool asks "may this user do this in this room" (issue #23): the owner
 * always may; a navigator may only with that right, granted by the room's organizer under a link
 * the owner accepted. Read from the database on every call — never cached — so a revoked right
 * (or an ended link) stops working on the very next request, also from a page left open.
 */

/** What each right is called where a navigator is told they lack it. */
export const RIGHT_LABELS: Record<NavigatorRight, string> = {
  welcome: 'ウェルカムコメント',
  telop: 'テロップ',
  enquete: '投票',
  moderate: 'コメントの制限',
  stats: '配信の統計',
}

export const rightMessages = {
  missing: (right: NavigatorRight) =>
    `この操作（${RIGHT_LABELS[right]}）の権限がありません。主催者に権限の付与を依頼してください`,
} as const

/**
 * The rights `userId` holds as a navigator of `roomId` now: rows granted by the room's organizer
 * while its link is accepted (a right granted under an older link never counts).
 */
export async function heldRights(db: Db, userId: number, roomId: number) {
  const rows = await db
    .selectFrom('navigator_rights as n')
    .innerJoin('organizer_rooms as o', (join) =>
      join.onRef('o.room_id', '=', 'n.room_id').onRef('o.organizer_user_id', '=', 'n.granted_by'),
    )
    .select('n.right')
    .where('n.room_id', '=', roomId)
    .where('n.user_id', '=', userId)
    .where('o.status', '=', 'accepted')
    .orderBy('n.right')
    .execute()
  return rows.map((r) => r.right)
}

/** 403 unless the owner, or a navigator holding `right` (its own message for a navigator). */
async function check(
  db: Db,
  userId: number,
  room: { roomId: number; ownerUserId: number | null },
  right: NavigatorRight,
): Promise<{ isOwner: boolean }> {
  if (room.ownerUserId === userId) return { isOwner: true }
  const held = await heldRights(db, userId, room.roomId)
  if (held.includes(right)) return { isOwner: false }
  throw new ApiError(403, held.length > 0 ? rightMessages.missing(right) : socialMessages.ownerOnly)
}

/** The room `roomId` when `userId` may use the `right` tool in it: 404 no room, 403 not allowed. */
export async function requireRoomRight(
  db: Db,
  userId: number,
  roomId: number,
  right: NavigatorRight,
) {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'owner_user_id'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const { isOwner } = await check(db, userId, { roomId, ownerUserId: room.owner_user_id }, right)
  return { ...room, isOwner }
}

/** The open live `liveId` when `userId` may use the `right` tool in its room: 404 off air, 403. */
export async function requireLiveRight(
  db: Db,
  userId: number,
  liveId: number,
  right: NavigatorRight,
) {
  const live = await openLive(db, { liveId })
  if (!live) throw new ApiError(404, socialMessages.liveEnded)
  const room = { roomId: live.room_id, ownerUserId: live.owner_user_id }
  const { isOwner } = await check(db, userId, room, right)
  return { ...live, isOwner }
}

/** Whether `userId` may use the `right` tool in the room (no error): for a tool's optional part. */
export async function mayUse(
  db: Db,
  userId: number,
  room: { id: number; owner_user_id: number | null },
  right: NavigatorRight,
): Promise<boolean> {
  if (room.owner_user_id === userId) return true
  return (await heldRights(db, userId, room.id)).includes(right)
}

/** The users among `userIds` who hold any right in the room now: their comments show a staff badge. */
export async function staffOf(db: Db, roomId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('navigator_rights as n')
    .innerJoin('organizer_rooms as o', (join) =>
      join.onRef('o.room_id', '=', 'n.room_id').onRef('o.organizer_user_id', '=', 'n.granted_by'),
    )
    .select('n.user_id')
    .distinct()
    .where('n.room_id', '=', roomId)
    .where('n.user_id', 'in', [...new Set(userIds)])
    .where('o.status', '=', 'accepted')
    .execute()
  return new Set(rows.map((r) => r.user_id))
}

/** Whether `userId` holds any right in the room of the live `liveId` now (a comment's badge). */
export async function isStaffInLive(db: Db, liveId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('navigator_rights as n')
    .innerJoin('organizer_rooms as o', (join) =>
      join.onRef('o.room_id', '=', 'n.room_id').onRef('o.organizer_user_id', '=', 'n.granted_by'),
    )
    .innerJoin('lives', 'lives.room_id', 'n.room_id')
    .select('n.user_id')
    .where('lives.id', '=', liveId)
    .where('n.user_id', '=', userId)
    .where('o.status', '=', 'accepted')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The room lookup's `isRoomOrganizer` (SPEC §3, §6): the caller is the room's organizer (an
 * accepted link) or one of its navigators there (holds a right in the room now).
 */
export async function isRoomOrganizer(
  db: Db,
  userId: number | null,
  roomId: number,
): Promise<boolean> {
  if (userId === null) return false
  const link = await db
    .selectFrom('organizer_rooms')
    .select('room_id')
    .where('room_id', '=', roomId)
    .where('organizer_user_id', '=', userId)
    .where('status', '=', 'accepted')
    .executeTakeFirst()
  return link !== undefined || (await heldRights(db, userId, roomId)).length > 0
}
