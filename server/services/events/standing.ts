import { sql, type ExpressionBuilder } from 'kysely'
import type { DB } from '../../db/schema.ts'
import type { Db } from '../../db/index.ts'

/** Where a room stands in an event (SPEC §3 Event ranking, in Kirari's names). */
export interface Standing {
  eventId: number
  roomId: number
  divisionId: number
  point: number
  rank: number
  /** The room just above: its rank and the points to catch it (null at the top). */
  nextRank: number | null
  gap: number | null
  /** The room just below: its rank and its distance (null at the bottom). */
  lowerRank: number | null
  lowerGap: number | null
  /** Rooms ranked in the event (in the division for a block event). */
  entries: number
  /** The rank across the whole event (the rank itself unless the event has divisions). */
  largeRank: number
  questLevel: number
  /** Grows by one with every change of the room's points (points.ts). */
  sequenceNum: number
}

/**
 * SPEC §3's ranking fields of a standing, as both the room's event (room-event.ts) and Kirari's
 * t:203 push (publish.ts) carry them; `shown`: where the room stood before and whether it moved.
 */
export function rankingFields(
  standing: Standing,
  shown: { beforeRank: number; isAnimation: 0 | 1 },
) {
  return {
    rank: standing.rank,
    point: standing.point,
    gap: standing.gap ?? 0,
    next_rank: standing.nextRank ?? 0,
    lower_rank: standing.lowerRank ?? 0,
    lower_gap: standing.lowerGap ?? 0,
    before_rank: shown.beforeRank,
    is_animation: shown.isAnimation,
    sequence_num: standing.sequenceNum,
    max_rank: standing.entries,
    large_rank: standing.largeRank,
    event_block_division_id: standing.divisionId,
  }
}

type Entry = { point: string; point_reached_at: Date; room_id: number }

/**
 * Entries ranked above (`'above'`) or below `me` in the same event and division (`null`: in the
 * whole event). The order is total — more points, then who reached them first, then the lower
 * room id — so ranks never tie. The ranking index (migration 014) serves it as a range scan.
 */
function beside(side: 'above' | 'below', eventId: number, divisionId: number | null, me: Entry) {
  const [more, earlier] = side === 'above' ? (['>', '<'] as const) : (['<', '>'] as const)
  return (eb: ExpressionBuilder<DB, 'event_entries'>) =>
    eb.and([
      eb('event_id', '=', eventId),
      ...(divisionId === null ? [] : [eb('block_division_id', '=', divisionId)]),
      eb('status', '=', 'approved'),
      eb.or([
        eb('point', more, me.point),
        eb.and([
          eb('point', '=', me.point),
          eb.or([
            eb('point_reached_at', earlier, me.point_reached_at),
            eb.and([
              eb('point_reached_at', '=', me.point_reached_at),
              eb('room_id', earlier, me.room_id),
            ]),
          ]),
        ]),
      ]),
    ])
}

/** A room's standing in an event it is approved in; null when it is not. */
export async function roomStanding(
  db: Db,
  eventId: number,
  roomId: number,
): Promise<Standing | null> {
  const me = await db
    .selectFrom('event_entries')
    .select([
      'point',
      'point_reached_at',
      'room_id',
      'block_division_id',
      'quest_level',
      'sequence_num',
    ])
    .where('event_id', '=', eventId)
    .where('room_id', '=', roomId)
    .where('status', '=', 'approved')
    .executeTakeFirst()
  if (!me) return null
  const division = me.block_division_id
  const countAbove = (divisionId: number | null) =>
    db
      .selectFrom('event_entries')
      .select(sql<string>`count(*)`.as('n'))
      .where(beside('above', eventId, divisionId, me))
      .executeTakeFirstOrThrow()
  const [better, betterInEvent, nextUp, nextDown, total] = await Promise.all([
    countAbove(division),
    // Division 0 is the whole event (not a block event): its rank is the large rank.
    division === 0 ? null : countAbove(null),
    db
      .selectFrom('event_entries')
      .select(['point', 'room_id'])
      .where(beside('above', eventId, division, me))
      .orderBy('point', 'asc')
      .orderBy('point_reached_at', 'desc')
      .orderBy('room_id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('event_entries')
      .select(['point', 'room_id'])
      .where(beside('below', eventId, division, me))
      .orderBy('point', 'desc')
      .orderBy('point_reached_at', 'asc')
      .orderBy('room_id', 'asc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('event_entries')
      .select(sql<string>`count(*)`.as('n'))
      .where('event_id', '=', eventId)
      .where('block_division_id', '=', division)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow(),
  ])
  const point = Number(me.point)
  const rank = Number(better.n) + 1
  return {
    eventId,
    roomId,
    divisionId: division,
    point,
    rank,
    nextRank: nextUp ? rank - 1 : null,
    gap: nextUp ? Number(nextUp.point) - point : null,
    lowerRank: nextDown ? rank + 1 : null,
    lowerGap: nextDown ? point - Number(nextDown.point) : null,
    entries: Number(total.n),
    largeRank: betterInEvent ? Number(betterInEvent.n) + 1 : rank,
    questLevel: me.quest_level,
    sequenceNum: Number(me.sequence_num),
  }
}

/**
 * An entry's rank in its event and division, as a column of a query over `event_entries`: the
 * entries before it in the ranking order, plus one. Read through the ranking index, for the
 * few rows of a page — never a sort of the whole event.
 */
export const entryRank = sql<string>`(
  select count(*) + 1 from event_entries as above
  where above.event_id = event_entries.event_id
    and above.block_division_id = event_entries.block_division_id
    and above.status = 'approved'
    and (above.point > event_entries.point
      or (above.point = event_entries.point
        and (above.point_reached_at < event_entries.point_reached_at
          or (above.point_reached_at = event_entries.point_reached_at
            and above.room_id < event_entries.room_id)))))`
