import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import type { Logger } from '../../env.ts'
import { startJob, type Job } from '../jobs.ts'
import { FANOUT_BATCH } from './batch.ts'
import { newsBatch } from './news.ts'
import { remindBatch } from './reminders.ts'

export { FANOUT_BATCH }
export const FANOUT_INTERVAL_MS = 2_000

/**
 * A live started: its fan-out is recorded in the live-start transaction (once per live: the
 * live is its key), and carried out in the background by runNoticeFanouts.
 */
export async function queueLiveNotices(tx: Db, live: { liveId: number; roomId: number }) {
  await tx
    .insertInto('notice_fanouts')
    .values({ live_id: live.liveId, room_id: live.roomId })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * One batch of one pending fan-out, in one transaction: the next FANOUT_BATCH followers (by
 * user id, after the last one told) with notices on get a notice; the cursor moves with them.
 * `skip locked` lets several processes share the work; the unique (user, live) index makes a
 * notice once whatever runs twice. Answers whether a batch was done.
 */
async function fanOutBatch(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const job = await tx
      .selectFrom('notice_fanouts')
      .innerJoin('rooms', 'rooms.id', 'notice_fanouts.room_id')
      .select([
        'notice_fanouts.live_id',
        'notice_fanouts.room_id',
        'notice_fanouts.after_user_id',
        'rooms.main_name',
        'rooms.room_name',
        'rooms.room_url_key',
      ])
      .where('notice_fanouts.done_at', 'is', null)
      .orderBy('notice_fanouts.created_at')
      .limit(1)
      .forUpdate('notice_fanouts')
      .skipLocked()
      .executeTakeFirst()
    if (!job) return false
    await sql`
      with batch as (
        select user_id from follows
        where room_id = ${job.room_id}::int and push_send_status
          and user_id > ${job.after_user_id}::int
        order by user_id
        limit ${FANOUT_BATCH}::int
      ),
      told as (
        insert into user_notices (user_id, kind, title, body, url, room_id, live_id)
        select user_id, 'live_start', ${`${job.main_name}さんが配信を始めました`}::text,
          ${job.room_name}::text, ${`/r/${job.room_url_key}`}::text, ${job.room_id}::int,
          ${job.live_id}::int
        from batch
        on conflict (user_id, live_id) where kind = 'live_start' do nothing
        returning id, user_id
      ),
      queued as (
        insert into push_outbox (subscription_id, notice_id)
        select push_subscriptions.id, told.id from told
        join push_subscriptions on push_subscriptions.user_id = told.user_id
      )
      update notice_fanouts set
        after_user_id = coalesce((select max(user_id) from batch), after_user_id),
        done_at = case when (select count(*) from batch) < ${FANOUT_BATCH}::int then now() end
      where live_id = ${job.live_id}::int`.execute(tx)
    return true
  })
}

/**
 * Carries out every pending fan-out — lives started, schedules within a day, site news — a
 * batch of each kind in turn, so a long one (news to every user) never holds up a live's;
 * answers how many batches ran.
 */
export async function runNoticeFanouts(db: Db, nowMs = Date.now()): Promise<number> {
  let batches = 0
  for (;;) {
    const done = [await fanOutBatch(db), await remindBatch(db, nowMs), await newsBatch(db)]
    const ran = done.filter(Boolean).length
    if (ran === 0) return batches
    batches += ran
  }
}

/** runNoticeFanouts every FANOUT_INTERVAL_MS, in every process (they share the work). */
export function startNoticeFanout(deps: { db: Db; logger: Logger }): Job {
  return startJob({
    name: 'notice fan-out',
    intervalMs: FANOUT_INTERVAL_MS,
    logger: deps.logger,
    // What a start left pending is taken up within the interval.
    now: false,
    run: async () => {
      await runNoticeFanouts(deps.db)
    },
  })
}
