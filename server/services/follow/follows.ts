import { sql } from 'kysely'
import type {
  FollowGenresAnswer,
  FollowRoomsAnswer,
  FollowSchedulesAnswer,
} from '../../../src/contract/follow.ts'
import type { Db } from '../../db/index.ts'

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

/** `/api/follow/schedules`: the followed rooms' next lives still to come, soonest first. */
export async function followedSchedules(
  db: Db,
  request: { userId: number; genreId?: number; origin: string },
): Promise<FollowSchedulesAnswer> {
  let q = db
    .selectFrom('follows')
    .innerJoin('rooms', 'rooms.id', 'follows.room_id')
    .innerJoin('room_schedules as s', 's.room_id', 'rooms.id')
    .select([
      'rooms.id',
      'rooms.room_url_key',
      'rooms.room_name',
      'rooms.genre_id',
      's.title',
      's.starts_at',
    ])
    .where('follows.user_id', '=', request.userId)
    .where('s.starts_at', '>', sql<Date>`now()`)
  if (request.genreId !== undefined) q = q.where('rooms.genre_id', '=', request.genreId)
  const rows = await q.orderBy('s.starts_at').orderBy('rooms.id').limit(100).execute()
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
