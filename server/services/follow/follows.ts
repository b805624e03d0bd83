import { sql } from 'kysely'
import type {
  FollowGenresAnswer,
  FollowRoomsAnswer,
  FollowSchedulesAnswer,
  PushSendAnswer,
  TimeTablesAnswer,
} from '../../../src/contract/follow.ts'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'

/*
 * A viewer's follow lists (SPEC §7 Follow/search): every followed room, the ones on air
 * (onlives.ts with a follower filter), the next lives and the genres — each one query, with
 * the follows' primary key (user_id, room_id) as the way in.
 */

const image = (origin: string, roomId: number) => `${origin}/img/room/${roomId}.svg`
const seconds = (d: Date) => Math.floor(d.getTime() / 1000)

/**
 * `/api/follow/rooms`: a page of the followed rooms — on air first, then by their last live,
 * newest first — with SHOWROOM's paging fields (`next_page` null on the last page).
 */
export async function followedRooms(
  db: Db,
  request: { userId: number; page: number; count: number; genreId?: number; origin: string },
): Promise<FollowRoomsAnswer> {
  const { userId, page, count, genreId } = request
  let base = db
    .selectFrom('follows')
    .innerJoin('rooms', 'rooms.id', 'follows.room_id')
    .where('follows.user_id', '=', userId)
  if (genreId !== undefined) base = base.where('rooms.genre_id', '=', genreId)
  const [rows, total] = await Promise.all([
    base
      .innerJoin('genres', 'genres.id', 'rooms.genre_id')
      .leftJoin('lives as onair', (j) =>
        j.onRef('onair.room_id', '=', 'rooms.id').on('onair.ended_at', 'is', null),
      )
      .leftJoin('room_schedules as s', (j) =>
        j.onRef('s.room_id', '=', 'rooms.id').on('s.starts_at', '>', sql<Date>`now()`),
      )
      .select([
        'rooms.id',
        'rooms.room_url_key',
        'rooms.room_name',
        'rooms.main_name',
        'rooms.genre_id',
        'rooms.follower_num',
        'genres.name as genre_name',
        'onair.id as live_id',
        's.title as next_title',
        's.starts_at as next_at',
        sql<Date | null>`(select max(l.started_at) from lives l where l.room_id = rooms.id)`.as(
          'last_lived_at',
        ),
      ])
      .orderBy(sql`onair.id is null`)
      .orderBy(sql`last_lived_at desc nulls last`)
      .orderBy('rooms.id')
      .limit(count)
      .offset((page - 1) * count)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ])
  const lastPage = Math.max(1, Math.ceil(total.n / count))
  return {
    rooms: rows.map((r) => ({
      room_id: r.id,
      room_url_key: r.room_url_key,
      room_name: r.room_name,
      main_name: r.main_name,
      image: image(request.origin, r.id),
      image_l: image(request.origin, r.id),
      genre_id: r.genre_id,
      genre_name: r.genre_name,
      follower_num: r.follower_num,
      is_online: r.live_id !== null,
      live_id: r.live_id ?? 0,
      last_lived_at: r.last_lived_at ? seconds(r.last_lived_at) : null,
      has_next_live: r.next_at !== null,
      next_live:
        r.next_at !== null ? { title: r.next_title ?? '', starts_at: seconds(r.next_at) } : null,
    })),
    current_page: page,
    next_page: page < lastPage ? page + 1 : null,
    last_page: lastPage,
    total_entries: total.n,
  }
}

/**
 * Next lives still to come, soonest first: of the rooms `followedBy` follows
 * (`/api/follow/schedules`), or of every room (`/api/time_table/time_tables`, the home page's
 * strip) with whether `viewerId` follows each.
 */
async function upcoming(
  db: Db,
  request: { followedBy?: number; viewerId?: number; genreId?: number; limit: number },
) {
  let q = db
    .selectFrom('room_schedules as s')
    .innerJoin('rooms', 'rooms.id', 's.room_id')
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.main_name',
      'rooms.genre_id',
      's.title',
      's.starts_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('follows')
            .select('follows.room_id')
            .whereRef('follows.room_id', '=', 'rooms.id')
            .where('follows.user_id', '=', request.followedBy ?? request.viewerId ?? 0),
        )
        .as('is_follow'),
    )
    .where('s.starts_at', '>', sql<Date>`now()`)
  if (request.followedBy !== undefined) {
    const userId = request.followedBy
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.room_id')
          .whereRef('follows.room_id', '=', 'rooms.id')
          .where('follows.user_id', '=', userId),
      ),
    )
  }
  if (request.genreId !== undefined) q = q.where('rooms.genre_id', '=', request.genreId)
  return q.orderBy('s.starts_at').orderBy('rooms.id').limit(request.limit).execute()
}

/** `/api/follow/schedules`: the followed rooms' next lives still to come, soonest first. */
export async function followedSchedules(
  db: Db,
  request: { userId: number; genreId?: number; origin: string },
): Promise<FollowSchedulesAnswer> {
  const rows = await upcoming(db, {
    followedBy: request.userId,
    ...(request.genreId !== undefined && { genreId: request.genreId }),
    limit: 100,
  })
  return {
    schedules: rows.map((r) => ({
      room_id: r.id,
      room_url_key: r.room_url_key,
      room_name: r.room_name,
      image: image(request.origin, r.id),
      genre_id: r.genre_id,
      title: r.title,
      starts_at: seconds(r.starts_at),
    })),
  }
}

/** How many next lives the home page's strip shows. */
export const TIME_TABLE_SIZE = 20

/** `/api/time_table/time_tables`: every room's next live to come, soonest first (public). */
export async function timeTables(
  db: Db,
  request: { viewerId: number | null; genreId?: number; origin: string },
): Promise<TimeTablesAnswer> {
  const rows = await upcoming(db, {
    ...(request.viewerId !== null && { viewerId: request.viewerId }),
    ...(request.genreId !== undefined && { genreId: request.genreId }),
    limit: TIME_TABLE_SIZE,
  })
  return {
    time_tables: rows.map((r) => ({
      room_id: r.id,
      room_url_key: r.room_url_key,
      room_name: r.room_name,
      main_name: r.main_name,
      image: image(request.origin, r.id),
      genre_id: r.genre_id,
      title: r.title,
      started_at: seconds(r.starts_at),
      is_follow: Boolean(r.is_follow),
    })),
  }
}

/** `/api/follow/genres`: the genres of the followed rooms, with how many of each. */
export async function followedGenres(db: Db, userId: number): Promise<FollowGenresAnswer> {
  const rows = await db
    .selectFrom('follows')
    .innerJoin('rooms', 'rooms.id', 'follows.room_id')
    .innerJoin('genres', 'genres.id', 'rooms.genre_id')
    .select(['genres.id', 'genres.name', sql<number>`count(*)::int`.as('count')])
    .where('follows.user_id', '=', userId)
    .groupBy(['genres.id', 'genres.name', 'genres.sort_order'])
    .orderBy('genres.sort_order')
    .execute()
  return { genres: rows.map((r) => ({ genre_id: r.id, genre_name: r.name, count: r.count })) }
}

/**
 * `POST /api/room/push_send_status`: a follower turns the room's notices (lives started,
 * schedules the day before) on or off; someone not following it gets a 404 for it.
 */
export async function setPushSend(
  db: Db,
  request: { userId: number; roomId: number; on: boolean },
): Promise<PushSendAnswer> {
  const row = await db
    .updateTable('follows')
    .set({ push_send_status: request.on })
    .where('user_id', '=', request.userId)
    .where('room_id', '=', request.roomId)
    .returning('push_send_status')
    .executeTakeFirst()
  if (!row) throw new ApiError(404, messages.notFollowing)
  return { push_send_status: { status: row.push_send_status ? 1 : 0 } }
}
