import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import type { Medal, MedalAnswer, MedalSlot } from '../../../src/contract/medal.ts'
import { gradeOf } from '../../../src/domain/grades.ts'
import { MEDALS, medalKindOf, medalKinds, type MedalOwner } from '../../../src/domain/medals.ts'

/** `/img/medal/{id}.svg` (server/api/standing-images.ts draws it). */
export const medalImage = (origin: string, medalId: number) => `${origin}/img/medal/${medalId}.svg`

/** Every medal a room or user earned, newest first, with the event's or grade's name. */
async function earned(
  db: Db,
  owner: MedalOwner,
  ownerId: number,
  origin: string,
  medalId?: number,
) {
  let q = db
    .selectFrom('medals')
    .leftJoin('events', (join) =>
      join
        .onRef('events.id', '=', 'medals.ref_id')
        .on('medals.medal_id', '=', MEDALS.event_top10.id),
    )
    .select(['medals.medal_id', 'medals.ref_id', 'medals.earned_at', 'events.name as event_name'])
    .where('medals.owner', '=', owner)
    .where('medals.owner_id', '=', ownerId)
  if (medalId !== undefined) q = q.where('medals.medal_id', '=', medalId)
  const rows = await q.orderBy('medals.earned_at', 'desc').orderBy('medals.id', 'desc').execute()
  return rows.flatMap((r): Medal[] => {
    const kind = medalKindOf(r.medal_id)
    if (!kind) return []
    const refName = kind === 'grade' ? gradeOf(r.ref_id).name : (r.event_name ?? '')
    return [
      {
        medal_id: r.medal_id,
        kind,
        ref_id: r.ref_id,
        ref_name: refName,
        image_url: medalImage(origin, r.medal_id),
        earned_at: Math.floor(r.earned_at.getTime() / 1000),
      },
    ]
  })
}

/** The catalogue for a room or a user, each slot with how often it was earned. */
const catalogue = (owner: MedalOwner, medals: Medal[], origin: string): MedalSlot[] =>
  medalKinds(owner).map((kind) => ({
    medal_id: MEDALS[kind].id,
    kind,
    image_url: medalImage(origin, MEDALS[kind].id),
    earned: medals.filter((m) => m.kind === kind).length,
  }))

/** `GET /api/room/medals`. */
export async function roomMedals(db: Db, roomId: number, origin: string) {
  const room = await db
    .selectFrom('rooms')
    .select(['id', 'room_name'])
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const medals = await earned(db, 'room', room.id, origin)
  return {
    room_id: room.id,
    room_name: room.room_name,
    medals,
    catalogue: catalogue('room', medals, origin),
  }
}

/** `GET /api/user/medals`. */
export async function userMedals(db: Db, userId: number, origin: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(404, messages.notFound)
  const medals = await earned(db, 'user', user.id, origin)
  return { user_id: user.id, name: user.name, medals, catalogue: catalogue('user', medals, origin) }
}

/** `GET /api/room/medal` and `/api/user/medal`: one medal of the catalogue, each time earned. */
export async function oneMedal(
  db: Db,
  owner: MedalOwner,
  ownerId: number,
  medalId: number,
  origin: string,
): Promise<MedalAnswer> {
  const kind = medalKindOf(medalId)
  if (!kind || MEDALS[kind].owner !== owner) throw new ApiError(404, messages.notFound)
  const table = owner === 'room' ? 'rooms' : 'users'
  const exists = await sql<{ one: number }>`select 1 as one from ${sql.table(table)}
    where id = ${ownerId}::int`.execute(db)
  if (exists.rows.length === 0) throw new ApiError(404, messages.notFound)
  const medals = await earned(db, owner, ownerId, origin, medalId)
  return {
    medal: {
      medal_id: medalId,
      kind,
      image_url: medalImage(origin, medalId),
      earned: medals.length,
    },
    earned: medals,
  }
}
