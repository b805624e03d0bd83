import type { Db } from '../../db/index.ts'
import { sql } from 'kysely'
import type { ContributionAnswer, ContributionRow } from '../../../src/contract/event.ts'
import type { SupportUsersAnswer } from '../../../src/contract/event-pages.ts'
import { avatarUrl } from '../../../src/domain/avatar.ts'

const TOP = 100

/**
 * A room's `limit` biggest supporters in an event, most points first (who got there first, then
 * the lower user id, breaks a tie), ranked from 1.
 */
export async function topSupporters(
  db: Db,
  eventId: number,
  roomId: number,
  limit: number,
): Promise<ContributionRow[]> {
  const rows = await db
    .selectFrom('event_contributions')
    .innerJoin('users', 'users.id', 'event_contributions.user_id')
    .select(['users.id', 'users.name', 'users.avatar_id', 'event_contributions.point'])
    .where('event_contributions.event_id', '=', eventId)
    .where('event_contributions.room_id', '=', roomId)
    .orderBy('event_contributions.point', 'desc')
    .orderBy('event_contributions.updated_at', 'asc')
    .orderBy('users.id', 'asc')
    .limit(limit)
    .execute()
  return rows.map((r, i) => ({
    rank: i + 1,
    user_id: r.id,
    name: r.name,
    point: Number(r.point),
    avatar_id: r.avatar_id,
    avatar_url: avatarUrl(r.avatar_id),
  }))
}

/**
 * A room's supporters in an event, most points first (who got there first breaks a tie): the
 * top 100, and the caller's own place when they gave. Null when the event does not exist.
 */
export async function contributionRanking(
  db: Db,
  q: { eventId: number; roomId: number; userId: number | null },
): Promise<ContributionAnswer | null> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'url_key'])
    .where('id', '=', q.eventId)
    .executeTakeFirst()
  if (!event) return null
  const ranking = await topSupporters(db, q.eventId, q.roomId, TOP)
  const me = q.userId === null ? undefined : ranking.find((r) => r.user_id === q.userId)
  let myPoint = me?.point ?? 0
  if (!me && q.userId !== null) {
    const own = await db
      .selectFrom('event_contributions')
      .select('point')
      .where('event_id', '=', q.eventId)
      .where('room_id', '=', q.roomId)
      .where('user_id', '=', q.userId)
      .executeTakeFirst()
    myPoint = own ? Number(own.point) : 0
  }
  return {
    ranking,
    me: me ?? null,
    my_point: myPoint,
    event: { event_id: event.id, event_name: event.name, event_url: `/event/${event.url_key}` },
  }
}

/**
 * `/support/get_support_users`: a room's top 100 supporters in an event, as contributionRanking
 * orders them, and the points all its supporters gave. Null when the event does not exist.
 */
export async function supportUsers(
  db: Db,
  q: { eventId: number; roomId: number },
): Promise<SupportUsersAnswer | null> {
  const [ranking, total] = await Promise.all([
    contributionRanking(db, { ...q, userId: null }),
    db
      .selectFrom('event_contributions')
      .select(sql<string>`coalesce(sum(point), 0)`.as('sum'))
      .where('event_id', '=', q.eventId)
      .where('room_id', '=', q.roomId)
      .executeTakeFirstOrThrow(),
  ])
  if (!ranking) return null
  return {
    users: ranking.ranking.map((r) => ({
      user_id: r.user_id,
      name: r.name,
      avatar_url: r.avatar_url,
      point: r.point,
      rank: r.rank,
    })),
    total_point: Number(total.sum),
  }
}
