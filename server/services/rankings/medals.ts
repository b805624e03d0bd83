import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import {
  EVENT_MEDAL_RANK,
  GRADE_MEDAL_FROM,
  MEDALS,
  streakMedals,
  type MedalKind,
  type MedalOwner,
} from '../../../src/domain/medals.ts'

/*
 * Earning medals (src/domain/medals.ts), each inside the transaction of what earned it. The
 * medals' unique key (owner, owner_id, medal_id, ref_id) makes a retry or a race earn one once.
 */

/** Earns `kinds` for a room or a user (already earned ones stay as they were): one statement. */
export async function earnMedals(
  tx: Db,
  owner: MedalOwner,
  ownerId: number,
  kinds: MedalKind[],
  refId = 0,
): Promise<void> {
  if (kinds.length === 0) return
  await tx
    .insertInto('medals')
    .values(
      kinds.map((kind) => ({ owner, owner_id: ownerId, medal_id: MEDALS[kind].id, ref_id: refId })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * The Tokyo days in a row, up to today or yesterday, on which the room started a live: 0 when
 * its last live day is older. Reads the last 200 days (the longest streak medal is 100).
 */
export async function liveStreakDays(db: Db, roomId: number): Promise<number> {
  const row = await sql<{ days: number }>`
    with days as (
      select distinct ((started_at at time zone 'UTC') + interval '9 hours')::date as d
      from lives
      where room_id = ${roomId}::int and started_at > now() - interval '200 days'
    ),
    runs as (
      select d, d + (row_number() over (order by d desc))::int as run from days
    ),
    latest as (select d, run from runs order by d desc limit 1)
    select case
      when latest.d >= ((now() at time zone 'UTC') + interval '9 hours')::date - 1
        then (select count(*) from runs where runs.run = latest.run)::int
      else 0
    end as days
    from latest`.execute(db)
  return row.rows[0]?.days ?? 0
}

/** A live started: the first-live medal and the streak medals its run of days has reached. */
export async function earnLiveStartMedals(tx: Db, roomId: number): Promise<void> {
  const days = await liveStreakDays(tx, roomId)
  await earnMedals(tx, 'room', roomId, ['first_live', ...streakMedals(days)])
}

/** An event was frozen: its top rooms earn `event_top10` for it. */
export async function earnEventMedals(tx: Db, eventId: number, at: Date): Promise<void> {
  await sql`
    insert into medals (owner, owner_id, medal_id, ref_id, earned_at)
    select 'room', room_id, ${MEDALS.event_top10.id}::int, event_id, ${at}
    from event_entries
    where event_id = ${eventId}::int and status = 'approved'
      and final_rank <= ${EVENT_MEDAL_RANK}::int
    on conflict do nothing`.execute(tx)
}

/** A week was aggregated: rooms that rose to a grade from C up earn that grade's medal. */
export async function earnGradeMedals(tx: Db, week: string): Promise<void> {
  await sql`
    insert into medals (owner, owner_id, medal_id, ref_id)
    select 'room', room_id, ${MEDALS.grade.id}::int, grade_after
    from room_grade_history
    where week_starts_on = ${week}::date and grade_after > grade_before
      and grade_after >= ${GRADE_MEDAL_FROM}::int
    on conflict do nothing`.execute(tx)
}
