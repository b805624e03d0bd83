import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { EVENT_TYPE, questLevel } from '../../../src/domain/events.ts'

/** A room's standing changed by a gift: which event, and the room's points now. */
export interface PointsAdded {
  eventId: number
  roomId: number
  point: number
  /** The entry's sequence_num after this gift. */
  sequenceNum: number
  /** When the entry reached its points (ms): of equal points, the earlier ranks higher. */
  reachedAt: number
}

/**
 * Adds a gift's points to every ongoing event the room is entered in (approved), and to the
 * sender's contribution there — inside the gift's own transaction (`tx`), so the points are
 * written exactly when the gift is: never twice, never for a refused gift. "Ongoing" is judged
 * by the transaction's clock (`now()`), the same clock the gift log records.
 */
export async function addEventPoints(
  tx: Db,
  gift: { roomId: number; userId: number; points: number },
): Promise<PointsAdded[]> {
  if (gift.points <= 0) return []
  // One statement: lock the room's entries in ongoing events in event order, add the points,
  // and add the sender's contribution. The order matters: an UPDATE over several rows locks
  // them in the order it meets them (where each row's newest version sits in the table), so two
  // gifts to one room could meet them in opposite orders and deadlock.
  const rows = await tx
    .with('locked', (db) =>
      db
        .selectFrom('event_entries')
        .innerJoin('events', 'events.id', 'event_entries.event_id')
        .select(['event_entries.event_id', 'events.event_type'])
        .where('event_entries.room_id', '=', gift.roomId)
        .where('event_entries.status', '=', 'approved')
        .where('events.started_at', '<=', sql<Date>`now()`)
        .where('events.ended_at', '>', sql<Date>`now()`)
        .orderBy('event_entries.event_id')
        .forUpdate('event_entries'),
    )
    .with('added', (db) =>
      db
        .updateTable('event_entries')
        .from('locked')
        .set({
          point: sql`event_entries.point + ${gift.points}::int`,
          // Milliseconds, as the app's clocks read it back: ties compare exactly (standing.ts).
          point_reached_at: sql`date_trunc('milliseconds', now())`,
          // One step per change of points, under the row lock: a client keeps the highest seen.
          sequence_num: sql`event_entries.sequence_num + 1`,
        })
        .where('event_entries.room_id', '=', gift.roomId)
        .whereRef('event_entries.event_id', '=', 'locked.event_id')
        .returning([
          'event_entries.event_id',
          'event_entries.point',
          'event_entries.sequence_num',
          'event_entries.point_reached_at',
          'locked.event_type',
        ]),
    )
    .with('contributed', (db) =>
      db
        .insertInto('event_contributions')
        .columns(['event_id', 'room_id', 'user_id', 'point'])
        .expression((eb) =>
          eb
            .selectFrom('added')
            .select([
              'added.event_id',
              sql<number>`${gift.roomId}::int`.as('room_id'),
              sql<number>`${gift.userId}::int`.as('user_id'),
              sql<number>`${gift.points}::int`.as('point'),
            ]),
        )
        .onConflict((oc) =>
          oc.columns(['event_id', 'room_id', 'user_id']).doUpdateSet({
            point: sql`event_contributions.point + excluded.point`,
            updated_at: sql`now()`,
          }),
        ),
    )
    .selectFrom('added')
    .selectAll()
    .execute()
  // Quest events: the level follows the points (other kinds keep 0).
  for (const row of rows) {
    if (row.event_type !== EVENT_TYPE.quest) continue
    await tx
      .updateTable('event_entries')
      .set({ quest_level: questLevel(Number(row.point)) })
      .where('event_id', '=', row.event_id)
      .where('room_id', '=', gift.roomId)
      .execute()
  }
  return rows.map((r) => ({
    eventId: r.event_id,
    roomId: gift.roomId,
    point: Number(r.point),
    sequenceNum: Number(r.sequence_num),
    reachedAt: r.point_reached_at.getTime(),
  }))
}
