import { sql } from 'kysely'
import type { Logger } from '../../env.ts'
import type { Db } from '../../db/index.ts'
import { startJob, type Job } from '../jobs.ts'
import { earnEventMedals } from '../rankings/medals.ts'

/** How often every process looks for events to freeze. */
export const FINALIZE_INTERVAL_MS = 30_000

/**
 * An event is frozen this long after its end, not at once: a gift whose transaction began just
 * before ended_at (points.ts judges the period by the transaction's clock) has committed by then.
 */
export const FINALIZE_GRACE_MS = 5_000

/**
 * Freezes one ended event, once: every approved entry gets its final rank within its division
 * (the total order of standing.ts: points desc, who reached them first, then the lower room id),
 * the reward of the smallest tier covering that rank is recorded, and finalized_at is set — all
 * in one transaction. The event row is locked `for update` first, so of two processes freezing
 * at once the second waits, sees finalized_at and does nothing. The entries are locked too: a
 * gift still holding one commits before the ranks are read. True when this call froze it.
 */
export async function finalizeEvent(db: Db, eventId: number, now = new Date()): Promise<boolean> {
  const endedBefore = new Date(now.getTime() - FINALIZE_GRACE_MS)
  return db.transaction().execute(async (tx) => {
    const event = await tx
      .selectFrom('events')
      .select(['id', 'ended_at', 'finalized_at'])
      .where('id', '=', eventId)
      .forUpdate()
      .executeTakeFirst()
    if (!event || event.finalized_at !== null || event.ended_at > endedBefore) return false
    await tx
      .selectFrom('event_entries')
      .select('room_id')
      .where('event_id', '=', eventId)
      .orderBy('room_id')
      .forUpdate()
      .execute()
    await sql`
      update event_entries e set final_rank = ranked.rank
      from (
        select room_id, row_number() over (
          partition by block_division_id
          order by point desc, point_reached_at asc, room_id asc
        ) as rank
        from event_entries
        where event_id = ${eventId} and status = 'approved'
      ) ranked
      where e.event_id = ${eventId} and e.room_id = ranked.room_id
    `.execute(tx)
    await sql`
      insert into event_rewards (event_id, room_id, final_rank, reward)
      select e.event_id, e.room_id, e.final_rank, tier.reward
      from event_entries e
      join lateral (
        select t.reward from event_reward_tiers t
        where t.event_id = e.event_id and t.up_to_rank >= e.final_rank
        order by t.up_to_rank
        limit 1
      ) tier on true
      where e.event_id = ${eventId} and e.status = 'approved'
      on conflict (event_id, room_id) do nothing
    `.execute(tx)
    await earnEventMedals(tx, eventId, now)
    await tx.updateTable('events').set({ finalized_at: now }).where('id', '=', eventId).execute()
    return true
  })
}

/** Freezes every event that has ended and is not frozen yet; answers the ids this call froze. */
export async function finalizeEndedEvents(db: Db, now = new Date()): Promise<number[]> {
  const due = await db
    .selectFrom('events')
    .select('id')
    .where('finalized_at', 'is', null)
    .where('ended_at', '<=', new Date(now.getTime() - FINALIZE_GRACE_MS))
    .orderBy('ended_at')
    .execute()
  const frozen: number[] = []
  for (const { id } of due) if (await finalizeEvent(db, id, now)) frozen.push(id)
  return frozen
}

/**
 * finalizeEndedEvents now and every `intervalMs`, in every process: the row lock makes each
 * event frozen once between them, and a process that was down catches up on its next run.
 */
export function startEventFinalizer(deps: { db: Db; logger: Logger; intervalMs?: number }): Job {
  return startJob({
    name: 'event finalizer',
    intervalMs: deps.intervalMs ?? FINALIZE_INTERVAL_MS,
    logger: deps.logger,
    run: async () => {
      const frozen = await finalizeEndedEvents(deps.db)
      if (frozen.length > 0) deps.logger.info('events finalized', { events: frozen })
    },
  })
}
