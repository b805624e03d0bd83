import { sql } from 'kysely'
import type {
  OrganizerRoom,
  OrganizerRoomLive,
  OrganizerRoomsAnswer,
  RoomOrganizerAnswer,
} from '../../../src/contract/navigator.ts'
import { GIFT_KIND } from '../../../src/domain/gifts.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, invalidFields } from '../../errors.ts'
import { ownedRoom } from '../room-social.ts'
import { organizerStanding } from './applications.ts'

/*
 * A room's link to its organizer (issue #23): the organizer asks (`/api/organizer/rooms`), the
 * owner accepts or declines (`/api/room/organizer`). A room has at most one organizer; ending the
 * link takes every navigator right of the room with it, in the same transaction.
 */

export const organizerRoomMessages = {
  noRoom: 'このURLのルームは見つかりません',
  ownRoom: 'ご自身のルームは連携できません',
  taken: 'このルームはすでにほかの主催者と連携しています',
  noLink: 'このルームに主催者からの連携の依頼はありません',
} as const

/** How many of a room's lives the organizer's page shows. */
export const RECENT_LIVES = 5

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The name an organizer goes by (its approved application's company name, else its own). */
export async function organizerNameOf(db: Db, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'is_organizer'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return (await organizerStanding(db, user)).organizer_name || user.name
}

/** Each room's last lives, newest first, with the paid gift points and gifters of each. */
async function recentLives(db: Db, roomIds: number[]) {
  if (roomIds.length === 0) return new Map<number, OrganizerRoomLive[]>()
  const rows = await sql<{
    room_id: number
    id: number
    started_at: Date
    ended_at: Date | null
    points: string | null
    gifters: string
  }>`
    select l.room_id, l.id, l.started_at, l.ended_at,
      (select sum(g.point) from gift_logs g join gifts k on k.id = g.gift_id
        where g.live_id = l.id and not k.free and k.kind <> ${GIFT_KIND.vote}::int) as points,
      (select count(distinct g.user_id) from gift_logs g join gifts k on k.id = g.gift_id
        where g.live_id = l.id and k.kind <> ${GIFT_KIND.vote}::int) as gifters
    from (
      select lives.*, row_number() over (partition by room_id order by id desc) as n
      from lives where room_id in (${sql.join(roomIds)})
    ) l
    where l.n <= ${RECENT_LIVES}::int
    order by l.room_id, l.id desc`.execute(db)
  const byRoom = new Map<number, OrganizerRoomLive[]>()
  for (const r of rows.rows) {
    const list = byRoom.get(r.room_id) ?? []
    list.push({
      live_id: r.id,
      started_at: seconds(new Date(r.started_at)),
      ended_at: r.ended_at === null ? null : seconds(new Date(r.ended_at)),
      gift_points: Number(r.points ?? 0),
      gifters: Number(r.gifters),
    })
    byRoom.set(r.room_id, list)
  }
  return byRoom
}

/**
 * `GET /api/organizer/rooms`: the organizer's rooms, who is on air, recent lives. The route
 * guards it (events/organizer.ts requireOrganizer, SPEC §6 auth-organizer).
 */
export async function organizerRooms(
  db: Db,
  userId: number,
  origin: string,
): Promise<OrganizerRoomsAnswer> {
  const rooms = await db
    .selectFrom('organizer_rooms as o')
    .innerJoin('rooms', 'rooms.id', 'o.room_id')
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'o.status',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('lives')
              .select('lives.id')
              .whereRef('lives.room_id', '=', 'rooms.id')
              .where('lives.ended_at', 'is', null),
          )
          .as('is_live'),
    ])
    .where('o.organizer_user_id', '=', userId)
    .orderBy('o.requested_at', 'desc')
    .orderBy('rooms.id')
    .execute()
  const accepted = rooms.filter((r) => r.status === 'accepted').map((r) => r.id)
  const lives = await recentLives(db, accepted)
  return {
    organizer_name: await organizerNameOf(db, userId),
    rooms: rooms.map((r): OrganizerRoom => ({
      room_id: r.id,
      room_url_key: r.room_url_key,
      room_name: r.room_name,
      image: `${origin}/img/room/${r.id}.svg`,
      status: r.status,
      is_live: Boolean(r.is_live),
      recent_lives: lives.get(r.id) ?? [],
    })),
  }
}

/**
 * `POST /api/organizer/rooms`: the organizer asks to link the room `urlKey` (pending until its
 * owner accepts). Asking again changes nothing; a room linked to another organizer is a 409.
 * An organizer's call (the route guards it).
 */
export async function askRoomLink(
  db: Db,
  userId: number,
  request: { urlKey: string; origin: string },
): Promise<OrganizerRoomsAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'owner_user_id'])
    .where('room_url_key', '=', request.urlKey.trim())
    .executeTakeFirst()
  if (!room) throw invalidFields({ room_url_key: organizerRoomMessages.noRoom })
  if (room.owner_user_id === userId) {
    throw invalidFields({ room_url_key: organizerRoomMessages.ownRoom })
  }
  // The primary key settles two asks at once: one link is stored, the other finds it.
  await db
    .insertInto('organizer_rooms')
    .values({ room_id: room.id, organizer_user_id: userId })
    .onConflict((oc) => oc.column('room_id').doNothing())
    .execute()
  const link = await db
    .selectFrom('organizer_rooms')
    .select('organizer_user_id')
    .where('room_id', '=', room.id)
    .executeTakeFirst()
  if (link && link.organizer_user_id !== userId) {
    throw new ApiError(409, organizerRoomMessages.taken, { errorType: 'ROOM_HAS_ORGANIZER' })
  }
  return organizerRooms(db, userId, request.origin)
}

/** `GET /api/room/organizer` (the room's owner): the link asked for or accepted, or null. */
export async function roomOrganizer(
  db: Db,
  userId: number,
  roomId: number,
): Promise<RoomOrganizerAnswer> {
  await ownedRoom(db, roomId, userId)
  const link = await db
    .selectFrom('organizer_rooms')
    .select(['organizer_user_id', 'status'])
    .where('room_id', '=', roomId)
    .executeTakeFirst()
  if (!link) return { link: null }
  const name = await organizerNameOf(db, link.organizer_user_id)
  return { link: { organizer_name: name, status: link.status } }
}

/**
 * `POST /api/room/organizer` (the room's owner): accepts the link, or declines or ends it — which
 * removes the link and every navigator right in the room in one transaction, so no right
 * outlives the link it was granted under.
 */
export async function decideRoomOrganizer(
  db: Db,
  userId: number,
  request: { roomId: number; accept: boolean },
): Promise<RoomOrganizerAnswer> {
  await ownedRoom(db, request.roomId, userId)
  await db.transaction().execute(async (tx) => {
    const link = await tx
      .selectFrom('organizer_rooms')
      .select('status')
      .where('room_id', '=', request.roomId)
      .forUpdate()
      .executeTakeFirst()
    if (!link) throw new ApiError(404, organizerRoomMessages.noLink)
    if (!request.accept) {
      await tx.deleteFrom('navigator_rights').where('room_id', '=', request.roomId).execute()
      await tx.deleteFrom('organizer_rooms').where('room_id', '=', request.roomId).execute()
    } else if (link.status === 'pending') {
      await tx
        .updateTable('organizer_rooms')
        .set({ status: 'accepted', accepted_at: new Date() })
        .where('room_id', '=', request.roomId)
        .execute()
    }
  })
  return roomOrganizer(db, userId, request.roomId)
}
