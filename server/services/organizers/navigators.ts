import type {
  MyRoomRightsAnswer,
  NavigatorEntry,
  NavigatorPermissionsAnswer,
} from '../../../src/contract/navigator.ts'
import { NAVIGATOR_RIGHTS, type NavigatorRight } from '../../../src/domain/navigator.ts'
import { avatarUrl } from '../../../src/domain/avatar.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, invalidFields, messages } from '../../errors.ts'
import { heldRights } from './room-rights.ts'
import { organizerNameOf } from './organizer-rooms.ts'

/*
 * `/api/navigator/permission` (SPEC §7) and `/api/navigator/my_rights` (issue #23): the rights a
 * room's organizer delegates to navigators, one room at a time.
 */

export const navigatorMessages = {
  notAllowed: 'このルームのナビゲーター権限を見られるのは、オーナーと連携した主催者だけです',
  organizerOnly: 'ナビゲーターの権限を変更できるのは、ルームと連携した主催者だけです',
  unknownAccount: 'このアカウントIDのユーザーは見つかりません',
  owner: 'ルームのオーナーには権限を付与できません（すべての操作ができます）',
  self: '主催者ご自身には権限を付与できません',
} as const

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The room with its owner and its accepted organizer (null when none); 404 when no such room. */
async function roomAndOrganizer(db: Db, roomId: number) {
  const room = await db
    .selectFrom('rooms')
    .leftJoin('organizer_rooms as o', (join) =>
      join.onRef('o.room_id', '=', 'rooms.id').on('o.status', '=', 'accepted'),
    )
    .select([
      'rooms.id',
      'rooms.room_name',
      'rooms.room_url_key',
      'rooms.owner_user_id',
      'o.organizer_user_id',
    ])
    .where('rooms.id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  return room
}

/** The room's navigators and their rights (those granted by its organizer now), by name. */
async function navigatorsOf(db: Db, roomId: number, organizerId: number) {
  const rows = await db
    .selectFrom('navigator_rights as n')
    .innerJoin('users', 'users.id', 'n.user_id')
    .select([
      'n.user_id',
      'n.right',
      'n.granted_at',
      'users.account_id',
      'users.name',
      'users.avatar_id',
    ])
    .where('n.room_id', '=', roomId)
    .where('n.granted_by', '=', organizerId)
    .orderBy('users.name')
    .orderBy('n.user_id')
    .execute()
  const byUser = new Map<number, NavigatorEntry>()
  for (const r of rows) {
    const entry = byUser.get(r.user_id) ?? {
      user_id: r.user_id,
      account_id: r.account_id,
      name: r.name,
      avatar_url: avatarUrl(r.avatar_id),
      rights: [],
      updated_at: 0,
    }
    entry.rights.push(r.right)
    entry.updated_at = Math.max(entry.updated_at, seconds(r.granted_at))
    byUser.set(r.user_id, entry)
  }
  for (const entry of byUser.values()) {
    entry.rights.sort((a, b) => NAVIGATOR_RIGHTS.indexOf(a) - NAVIGATOR_RIGHTS.indexOf(b))
  }
  return [...byUser.values()]
}

/**
 * `GET /api/navigator/permission`: the room's organizer (an accepted link) reads and may edit;
 * its owner only reads (`can_edit` false); anyone else is a 403.
 */
export async function navigatorPermissions(
  db: Db,
  userId: number,
  roomId: number,
): Promise<NavigatorPermissionsAnswer> {
  const room = await roomAndOrganizer(db, roomId)
  const isOrganizer = room.organizer_user_id !== null && room.organizer_user_id === userId
  if (!isOrganizer && room.owner_user_id !== userId) {
    throw new ApiError(403, navigatorMessages.notAllowed)
  }
  const organizerId = room.organizer_user_id
  return {
    room_id: room.id,
    room_name: room.room_name,
    room_url_key: room.room_url_key,
    organizer:
      organizerId === null
        ? null
        : { user_id: organizerId, name: await organizerNameOf(db, organizerId) },
    can_edit: isOrganizer,
    navigators: organizerId === null ? [] : await navigatorsOf(db, room.id, organizerId),
  }
}

/**
 * `POST /api/navigator/permission`: the room's organizer sets `account_id`'s rights over the room
 * to exactly `rights` ([] revokes them all). In one transaction on the locked link, so a grant
 * cannot land after the owner ended the link. Answers the list as it now stands.
 */
export async function setNavigatorRights(
  db: Db,
  userId: number,
  request: { roomId: number; accountId: string; rights: NavigatorRight[] },
): Promise<NavigatorPermissionsAnswer> {
  const room = await roomAndOrganizer(db, request.roomId)
  if (room.organizer_user_id !== userId) throw new ApiError(403, navigatorMessages.organizerOnly)
  const target = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', request.accountId.trim())
    .executeTakeFirst()
  if (!target) throw invalidFields({ account_id: navigatorMessages.unknownAccount })
  if (target.id === room.owner_user_id) throw invalidFields({ account_id: navigatorMessages.owner })
  if (target.id === userId) throw invalidFields({ account_id: navigatorMessages.self })
  const rights = NAVIGATOR_RIGHTS.filter((r) => request.rights.includes(r))
  await db.transaction().execute(async (tx) => {
    const link = await tx
      .selectFrom('organizer_rooms')
      .select('status')
      .where('room_id', '=', room.id)
      .where('organizer_user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst()
    if (link?.status !== 'accepted') throw new ApiError(403, navigatorMessages.organizerOnly)
    await tx
      .deleteFrom('navigator_rights')
      .where('room_id', '=', room.id)
      .where('user_id', '=', target.id)
      .execute()
    if (rights.length > 0) {
      await tx
        .insertInto('navigator_rights')
        .values(
          rights.map((right) => ({
            room_id: room.id,
            user_id: target.id,
            right,
            granted_by: userId,
          })),
        )
        .execute()
    }
  })
  return navigatorPermissions(db, userId, room.id)
}

/**
 * `GET /api/navigator/my_rights`: every right for the owner, the rights held now for a
 * navigator, none for anyone else (a visitor too). 404 when there is no such room.
 */
export async function myRoomRights(
  db: Db,
  userId: number | null,
  roomId: number,
): Promise<MyRoomRightsAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select('owner_user_id')
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  if (userId === null) return { is_owner: false, is_navigator: false, rights: [] }
  if (room.owner_user_id === userId) {
    return { is_owner: true, is_navigator: false, rights: [...NAVIGATOR_RIGHTS] }
  }
  const rights = await heldRights(db, userId, roomId)
  const ordered = NAVIGATOR_RIGHTS.filter((r) => rights.includes(r))
  return { is_owner: false, is_navigator: ordered.length > 0, rights: ordered }
}
