import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { ApiError, messages } from '../../errors.ts'
import type { RoomMemoryAnswer } from '../../../src/contract/memory.ts'
import { avatarUrl } from '../current-user.ts'
import { GIFT_KIND } from '../../../src/domain/gifts.ts'
import { tokyoDayStart } from '../../../src/domain/scores.ts'

const TOP_FANS = 5

/** The room a memory page shows: the asked one, or the caller's own. */
export type MemoryRoom = { roomId: number } | { ownerId: number }

async function memoryRoom(db: Db, which: MemoryRoom) {
  const q = db.selectFrom('rooms').select(['id', 'room_url_key', 'room_name'])
  const room = await (
    'roomId' in which
      ? q.where('id', '=', which.roomId)
      : q.where('owner_user_id', '=', which.ownerId)
  ).executeTakeFirst()
  if (!room) throw new ApiError(404, messages.notFound)
  return room
}

/** `GET /api/room_memory`: a room's Tokyo year in numbers, from what was kept as it happened. */
export async function roomMemory(
  db: Db,
  which: MemoryRoom & { year: number; origin: string },
): Promise<RoomMemoryAnswer> {
  const room = await memoryRoom(db, which)
  const from = new Date(tokyoDayStart(`${which.year}-01-01`))
  const to = new Date(tokyoDayStart(`${which.year + 1}-01-01`))
  const [months, counts, fans, best] = await Promise.all([
    db
      .selectFrom('room_scores')
      .select(['starts_on', 'paid_points', 'free_points', 'viewers', 'comments', 'seconds_on_air'])
      .select('score')
      .where('room_id', '=', room.id)
      .where('period', '=', 'month')
      .where('starts_on', '>=', sql<Date>`${`${which.year}-01-01`}::date`)
      .where('starts_on', '<', sql<Date>`${`${which.year + 1}-01-01`}::date`)
      .execute(),
    sql<{ lives: string; followers: string; medals: string }>`
      select
        (select count(*) from lives where room_id = ${room.id}::int
          and started_at >= ${from} and started_at < ${to}) as lives,
        (select count(*) from follows where room_id = ${room.id}::int
          and created_at >= ${from} and created_at < ${to}) as followers,
        (select count(*) from medals where owner = 'room' and owner_id = ${room.id}::int
          and earned_at >= ${from} and earned_at < ${to}) as medals`.execute(db),
    db
      .selectFrom('gift_logs')
      .innerJoin('lives', 'lives.id', 'gift_logs.live_id')
      .innerJoin('users', 'users.id', 'gift_logs.user_id')
      .innerJoin('gifts', 'gifts.id', 'gift_logs.gift_id')
      .select(['users.id', 'users.name', 'users.avatar_id'])
      .select(sql<string>`sum(gift_logs.point)`.as('points'))
      .where('lives.room_id', '=', room.id)
      // A vote gift is a ballot, not support (as in the scores).
      .where('gifts.kind', '<>', GIFT_KIND.vote)
      .where('gift_logs.created_at', '>=', from)
      .where('gift_logs.created_at', '<', to)
      .groupBy(['users.id', 'users.name', 'users.avatar_id'])
      .orderBy(sql`sum(gift_logs.point)`, 'desc')
      .orderBy('users.id')
      .limit(TOP_FANS)
      .execute(),
    db
      .selectFrom('event_entries')
      .innerJoin('events', 'events.id', 'event_entries.event_id')
      .select(['events.id', 'events.name', 'events.url_key', 'event_entries.final_rank'])
      .where('event_entries.room_id', '=', room.id)
      .where('event_entries.status', '=', 'approved')
      .where('event_entries.final_rank', 'is not', null)
      .where('events.ended_at', '>=', from)
      .where('events.ended_at', '<', to)
      .orderBy('event_entries.final_rank')
      .orderBy('events.ended_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  const byMonth = new Map(months.map((m) => [m.starts_on.getUTCMonth() + 1, m]))
  const sum = (pick: (m: (typeof months)[number]) => number | string) =>
    months.reduce((total, m) => total + Number(pick(m)), 0)
  const n = counts.rows[0]
  return {
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    image: `${which.origin}/img/room/${room.id}.svg`,
    year: which.year,
    lives: Number(n?.lives ?? 0),
    seconds_on_air: sum((m) => m.seconds_on_air),
    paid_points: sum((m) => m.paid_points),
    free_points: sum((m) => m.free_points),
    comments: sum((m) => m.comments),
    viewers: sum((m) => m.viewers),
    new_followers: Number(n?.followers ?? 0),
    medals: Number(n?.medals ?? 0),
    top_fans: fans.map((f, i) => ({
      rank: i + 1,
      user_id: f.id,
      name: f.name,
      avatar_url: avatarUrl(f.avatar_id),
      points: Number(f.points),
    })),
    best_event:
      best && best.final_rank !== null
        ? {
            event_id: best.id,
            event_name: best.name,
            event_url_key: best.url_key,
            rank: best.final_rank,
          }
        : null,
    months: Array.from({ length: 12 }, (_, i) => {
      const m = byMonth.get(i + 1)
      return {
        month: i + 1,
        score: Number(m?.score ?? 0),
        paid_points: Number(m?.paid_points ?? 0),
        free_points: Number(m?.free_points ?? 0),
      }
    }),
    share_url: `${which.origin}/room_memory/${which.year}?room=${encodeURIComponent(room.room_url_key)}`,
  }
}
