import { sql } from 'kysely'
import { tokyoLocalInput } from '../../../src/domain/schedule.ts'
import type { Db } from '../../db/index.ts'
import { FANOUT_BATCH } from './batch.ts'

/** How long before a scheduled live its followers are reminded: the day before. */
export const REMINDER_AHEAD_MS = 24 * 3_600_000

/** "明日 20:00" or "今日 20:00": when the live is, as the follower reads it in Tokyo. */
function whenText(startsMs: number, nowMs: number): string {
  const [startsDay, time] = tokyoLocalInput(startsMs / 1000).split('T')
  const today = tokyoLocalInput(nowMs / 1000).slice(0, 10)
  return `${startsDay === today ? '今日' : '明日'} ${time ?? ''}`
}

/**
 * One batch of one schedule's reminder, in one transaction: the next FANOUT_BATCH followers
 * with notices on are told of the live within the next day; the cursor moves with them. The
 * unique (user, room, time) index makes it once per schedule time whatever runs twice; `skip
 * locked` lets processes share the work. Answers whether a batch was done.
 */
export async function remindBatch(db: Db, nowMs: number): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const job = await tx
      .selectFrom('room_schedules')
      .innerJoin('rooms', 'rooms.id', 'room_schedules.room_id')
      .select([
        'room_schedules.room_id',
        'room_schedules.title',
        'room_schedules.starts_at',
        'room_schedules.reminder_after_user_id',
        'rooms.main_name',
        'rooms.room_url_key',
      ])
      .where('room_schedules.reminded_at', 'is', null)
      .where('room_schedules.starts_at', '>', new Date(nowMs))
      .where('room_schedules.starts_at', '<=', new Date(nowMs + REMINDER_AHEAD_MS))
      .orderBy('room_schedules.starts_at')
      .limit(1)
      .forUpdate('room_schedules')
      .skipLocked()
      .executeTakeFirst()
    if (!job) return false
    const title = `${job.main_name}さんの配信予定: ${whenText(job.starts_at.getTime(), nowMs)}`
    await sql`
      with batch as (
        select user_id from follows
        where room_id = ${job.room_id}::int and push_send_status
          and user_id > ${job.reminder_after_user_id}::int
        order by user_id
        limit ${FANOUT_BATCH}::int
      ),
      told as (
        insert into user_notices (user_id, kind, title, body, url, room_id, schedule_at)
        select user_id, 'schedule', ${title}::text, ${job.title}::text,
          ${`/r/${job.room_url_key}`}::text, ${job.room_id}::int, ${job.starts_at}::timestamptz
        from batch
        on conflict (user_id, room_id, schedule_at) where kind = 'schedule' do nothing
        returning id, user_id
      ),
      queued as (
        insert into push_outbox (subscription_id, notice_id)
        select push_subscriptions.id, told.id from told
        join push_subscriptions on push_subscriptions.user_id = told.user_id and push_subscriptions.send_schedule
      )
      update room_schedules set
        reminder_after_user_id =
          coalesce((select max(user_id) from batch), reminder_after_user_id),
        reminded_at = case when (select count(*) from batch) < ${FANOUT_BATCH}::int
          then now() end
      where room_id = ${job.room_id}::int`.execute(tx)
    return true
  })
}
