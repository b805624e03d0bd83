import { sql } from 'kysely'
import type { GreetingAnswer, NextLiveAnswer } from '../../../src/contract/follow.ts'
import { stripHidden } from '../../../src/domain/text-hygiene.ts'
import { scheduleProblems, scheduleText, tokyoWallTime } from '../../../src/domain/schedule.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, invalidFields, messages } from '../../errors.ts'
import { ownedRoom } from '../room-social.ts'

const NONE: NextLiveAnswer = { epoch: null, text: '', title: '' }

const answer = (row: { title: string; starts_at: Date } | undefined): NextLiveAnswer =>
  row
    ? {
        epoch: Math.floor(row.starts_at.getTime() / 1000),
        text: scheduleText(row.starts_at.getTime()),
        title: row.title,
      }
    : NONE

/** `GET /api/room/next_live`: the room's next live; none once its time has come. */
export async function nextLive(db: Db, roomId: number, nowMs: number): Promise<NextLiveAnswer> {
  const [room, row] = await Promise.all([
    db.selectFrom('rooms').select('id').where('id', '=', roomId).executeTakeFirst(),
    db
      .selectFrom('room_schedules')
      .select(['title', 'starts_at'])
      .where('room_id', '=', roomId)
      .where('starts_at', '>', new Date(nowMs))
      .executeTakeFirst(),
  ])
  if (!room) throw new ApiError(404, messages.notFound)
  return answer(row)
}

/**
 * `POST /api/room/next_live`: the owner sets the next live (Tokyo wall time, a title) or, with
 * an empty time, clears it. The rules are the form's (src/domain/schedule.ts), per field.
 */
export async function setNextLive(
  db: Db,
  request: { userId: number; roomId: number; startsAt: string; title: string; nowMs: number },
): Promise<NextLiveAnswer> {
  await ownedRoom(db, request.roomId, request.userId)
  if (request.startsAt === '') {
    await db.deleteFrom('room_schedules').where('room_id', '=', request.roomId).execute()
    return NONE
  }
  const title = request.title.trim()
  const problems = scheduleProblems({ startsAt: request.startsAt, title }, request.nowMs)
  const ms = tokyoWallTime(request.startsAt)
  if (Object.keys(problems).length > 0 || ms === null) throw invalidFields(problems)
  const row = await db
    .insertInto('room_schedules')
    .values({ room_id: request.roomId, title, starts_at: new Date(ms) })
    .onConflict((oc) =>
      oc.column('room_id').doUpdateSet({
        title,
        starts_at: new Date(ms),
        // A new time is reminded of again; a new title alone is not.
        reminder_after_user_id: sql<number>`case when room_schedules.starts_at = excluded.starts_at
          then room_schedules.reminder_after_user_id else 0 end`,
        reminded_at: sql<Date | null>`case when room_schedules.starts_at = excluded.starts_at
          then room_schedules.reminded_at end`,
        updated_at: sql`now()`,
      }),
    )
    .returning(['title', 'starts_at'])
    .executeTakeFirstOrThrow()
  return answer(row)
}

/**
 * `GET /api/room/greeting`: the owner's words to the room's followers — read by them and the
 * owner; anyone else learns only that there is none for them.
 */
export async function roomGreeting(
  db: Db,
  roomId: number,
  userId: number | null,
): Promise<GreetingAnswer> {
  const room = await db
    .selectFrom('rooms')
    .select(['greeting', 'owner_user_id'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('follows')
            .select('follows.room_id')
            .where('follows.room_id', '=', roomId)
            .where('follows.user_id', '=', userId ?? 0),
        )
        .as('is_follow'),
    )
    .where('id', '=', roomId)
    .executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  const shown = userId !== null && (Boolean(room.is_follow) || room.owner_user_id === userId)
  return { greeting: shown ? room.greeting : '', is_shown: shown }
}

/** `POST /api/room/greeting`: the owner writes (or, with '', removes) the greeting. */
export async function setGreeting(
  db: Db,
  request: { userId: number; roomId: number; greeting: string },
): Promise<GreetingAnswer> {
  await ownedRoom(db, request.roomId, request.userId)
  const greeting = stripHidden(request.greeting).trim()
  await db.updateTable('rooms').set({ greeting }).where('id', '=', request.roomId).execute()
  return { greeting, is_shown: true }
}
