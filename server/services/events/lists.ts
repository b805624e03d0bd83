import { STARTING_GRADE_ID } from '../../../src/domain/grades.ts'
import type { Db } from '../../db/index.ts'
import type {
  EventOnliveRoomsAnswer,
  EventPaging,
  EventRoom,
  EventRoomsAnswer,
  EventSummary,
  QuestRoomsAnswer,
} from '../../../src/contract/event-pages.ts'
import { RANKING_PER_PAGE } from '../../../src/contract/event.ts'
import { EVENT_TYPE, QUEST_LEVEL_MAX, QUEST_LEVEL_POINTS } from '../../../src/domain/events.ts'
import type { EventRow } from './ranking.ts'
import { approvedCounts, eventSummary, isEntryOpen } from './pages.ts'
import { entryRank } from './standing.ts'

/** SHOWROOM's paging fields for `total` rows at `page` (30 a page; next_page null on the last). */
export function paging(total: number, page: number): EventPaging {
  const lastPage = Math.max(1, Math.ceil(total / RANKING_PER_PAGE))
  return {
    total_entries: total,
    current_page: page,
    first_page: 1,
    last_page: lastPage,
    previous_page: page > 1 ? page - 1 : null,
    next_page: page < lastPage ? page + 1 : null,
  }
}

/** An event's approved rooms with their rank (in their division) and whether they are on air. */
function approvedRooms(db: Db, eventId: number) {
  return db
    .selectFrom('event_entries')
    .innerJoin('rooms', 'rooms.id', 'event_entries.room_id')
    .select((eb) => [
      'event_entries.room_id',
      'event_entries.point',
      'event_entries.quest_level',
      'event_entries.block_division_id',
      'rooms.room_url_key',
      'rooms.room_name',
      entryRank.as('rank'),
      eb
        .exists(
          eb
            .selectFrom('lives')
            .select('lives.id')
            .whereRef('lives.room_id', '=', 'event_entries.room_id')
            .where('lives.ended_at', 'is', null),
        )
        .as('is_on_live'),
    ])
    .where('event_entries.event_id', '=', eventId)
    .where('event_entries.status', '=', 'approved')
}

type ApprovedRoom = Awaited<ReturnType<ReturnType<typeof approvedRooms>['execute']>>[number]

const eventRoom = (r: ApprovedRoom, origin: string): EventRoom => ({
  room_id: r.room_id,
  room_url_key: r.room_url_key,
  room_name: r.room_name,
  image: `${origin}/img/room/${r.room_id}.svg`,
  is_on_live: Boolean(r.is_on_live),
  rank: Number(r.rank),
  point: Number(r.point),
  quest_level: r.quest_level,
  event_block_division_id: r.block_division_id,
})

async function approvedTotal(db: Db, eventId: number): Promise<number> {
  return (await approvedCounts(db, [eventId])).get(eventId) ?? 0
}

/** `rooms?page=`: the approved rooms in the order they entered (then by room id). */
export async function eventRooms(
  db: Db,
  eventId: number,
  page: number,
  origin: string,
): Promise<EventRoomsAnswer> {
  const [total, rows] = await Promise.all([
    approvedTotal(db, eventId),
    approvedRooms(db, eventId)
      .orderBy('event_entries.applied_at')
      .orderBy('event_entries.room_id')
      .limit(RANKING_PER_PAGE)
      .offset((page - 1) * RANKING_PER_PAGE)
      .execute(),
  ])
  return {
    ...paging(total, page),
    list: rows.map((r) => eventRoom(r, origin)),
    is_point_visible_period: true,
  }
}

/**
 * `quest_rooms?page=`: a quest event's rooms by level, then points (then who got there first).
 * Other kinds of event have no quest rooms: an empty list.
 */
export async function questRooms(
  db: Db,
  event: Pick<EventRow, 'id' | 'event_type'>,
  page: number,
  origin: string,
): Promise<QuestRoomsAnswer> {
  if (event.event_type !== EVENT_TYPE.quest) return { ...paging(0, page), list: [] }
  const [total, rows] = await Promise.all([
    approvedTotal(db, event.id),
    approvedRooms(db, event.id)
      .orderBy('event_entries.quest_level', 'desc')
      .orderBy('event_entries.point', 'desc')
      .orderBy('event_entries.point_reached_at')
      .orderBy('event_entries.room_id')
      .limit(RANKING_PER_PAGE)
      .offset((page - 1) * RANKING_PER_PAGE)
      .execute(),
  ])
  return {
    ...paging(total, page),
    list: rows.map((r) => ({
      ...eventRoom(r, origin),
      // Points still to earn for the next level; 0 at the top level.
      next_level_point:
        r.quest_level >= QUEST_LEVEL_MAX
          ? 0
          : Math.max(0, (r.quest_level + 1) * QUEST_LEVEL_POINTS - Number(r.point)),
    })),
  }
}

/** `onlive_rooms`: the event's rooms on air now, best placed first across the whole event. */
export async function onliveRooms(
  db: Db,
  eventId: number,
  origin: string,
): Promise<EventOnliveRoomsAnswer> {
  const rows = await approvedRooms(db, eventId)
    .innerJoin('lives', 'lives.room_id', 'event_entries.room_id')
    .select(['lives.id as live_id', 'lives.started_at as live_started_at', 'lives.view_num'])
    .where('lives.ended_at', 'is', null)
    .orderBy('event_entries.point', 'desc')
    .orderBy('event_entries.point_reached_at')
    .orderBy('event_entries.room_id')
    .execute()
  return {
    onlives: rows.map((r) => ({
      ...eventRoom(r, origin),
      live_id: r.live_id,
      started_at: Math.floor(r.live_started_at.getTime() / 1000),
      view_num: r.view_num,
    })),
  }
}

/** Events running at `nowMs` (but `exceptId`), the soonest to end first. */
export async function onGoingEvents(
  db: Db,
  nowMs: number,
  exceptId: number | null = null,
): Promise<EventSummary[]> {
  const now = new Date(nowMs)
  let running = db
    .selectFrom('events')
    .selectAll()
    .where('started_at', '<=', now)
    .where('ended_at', '>', now)
  if (exceptId !== null) running = running.where('id', '!=', exceptId)
  const events = await running.orderBy('ended_at').orderBy('id').limit(100).execute()
  const counts = await approvedCounts(
    db,
    events.map((e) => e.id),
  )
  return events.map((e) => eventSummary(e, counts.get(e.id) ?? 0, nowMs))
}

/**
 * `/api/recommend_event`: events running or still to come. For a logged-in owner, the events
 * their room could enter now come first (entry window open, not entered yet, enough followers),
 * soonest to start first; then the running ones (soonest to end first), then the rest to come.
 */
export async function recommendEvents(
  db: Db,
  userId: number | null,
  nowMs: number,
): Promise<EventSummary[]> {
  const now = new Date(nowMs)
  const [events, room] = await Promise.all([
    db
      .selectFrom('events')
      .selectAll()
      .where('ended_at', '>', now)
      .orderBy('started_at')
      .orderBy('id')
      .limit(100)
      .execute(),
    userId === null
      ? undefined
      : db
          .selectFrom('rooms')
          .leftJoin('room_grades', 'room_grades.room_id', 'rooms.id')
          .select(['rooms.id', 'rooms.follower_num', 'room_grades.grade_id'])
          .where('rooms.owner_user_id', '=', userId)
          .orderBy('rooms.id')
          .executeTakeFirst(),
  ])
  const entered = new Set(
    room && events.length > 0
      ? (
          await db
            .selectFrom('event_entries')
            .select('event_id')
            .where('room_id', '=', room.id)
            .where(
              'event_id',
              'in',
              events.map((e) => e.id),
            )
            .execute()
        ).map((e) => e.event_id)
      : [],
  )
  const canEnter = (e: (typeof events)[number]) =>
    room !== undefined &&
    isEntryOpen(e, nowMs) &&
    !entered.has(e.id) &&
    room.follower_num >= e.min_follower_num &&
    (room.grade_id ?? STARTING_GRADE_ID) >= e.min_grade_id
  const running = (e: (typeof events)[number]) => e.started_at <= now
  const group = (e: (typeof events)[number]) => (canEnter(e) ? 0 : running(e) ? 1 : 2)
  const ordered = events
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) =>
        group(a.e) - group(b.e) ||
        // Running events: the soonest to end first; the others keep their start order.
        (group(a.e) === 1 ? a.e.ended_at.getTime() - b.e.ended_at.getTime() : 0) ||
        a.i - b.i,
    )
    .map(({ e }) => e)
  const counts = await approvedCounts(
    db,
    ordered.map((e) => e.id),
  )
  return ordered.map((e) => eventSummary(e, counts.get(e.id) ?? 0, nowMs))
}
