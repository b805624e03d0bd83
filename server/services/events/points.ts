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
  // Lock the room's entries in event order first. One UPDATE over several rows locks them in
  // the order it meets them, which for a sequential scan is where each row's newest version sits
  // in the table — two gifts to the same room could meet them in opposite orders and deadlock.
  const locked = await tx
    .selectFrom('event_entries')
    .innerJoin('events', 'events.id', 'event_entries.event_id')
    .select(['event_entries.event_id', 'events.event_type'])
    .where('event_entries.room_id', '=', gift.roomId)
    .where('event_entries.status', '=', 'approved')
    .where('events.started_at', '<=', sql<Date>`now()`)
    .where('events.ended_at', '>', sql<Date>`now()`)
    .orderBy('event_entries.event_id')
    .forUpdate('event_entries')
    .execute()
  if (locked.length === 0) return []
  const quests = new Set(
    locked.filter((l) => l.event_type === EVENT_TYPE.quest).map((l) => l.event_id),
  )
  const rows = await tx
    .updateTable('event_entries')
    .set({
      point: sql`point + ${gift.points}`,
      // Milliseconds, as the app's clocks read it back: ties compare exactly (standing.ts).
      point_reached_at: sql`date_trunc('milliseconds', now())`,
      // One step per change of points, under the row lock: a client keeps the highest it saw.
      sequence_num: sql`sequence_num + 1`,
    })
    .where('room_id', '=', gift.roomId)
    .where(
      'event_id',
      'in',
      locked.map((l) => l.event_id),
    )
    .returning(['event_id', 'point', 'sequence_num', 'point_reached_at'])
    .execute()
  for (const row of rows) {
    await tx
      .insertInto('event_contributions')
      .values({
        event_id: row.event_id,
        room_id: gift.roomId,
        user_id: gift.userId,
        point: gift.points,
      })
      .onConflict((oc) =>
        oc.columns(['event_id', 'room_id', 'user_id']).doUpdateSet({
          point: sql`event_contributions.point + ${gift.points}`,
          updated_at: sql`now()`,
        }),
      )
      .execute()
    // Quest events: the level follows the points (other kinds keep 0).
    if (quests.has(row.event_id))
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
