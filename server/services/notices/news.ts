import { sql } from 'kysely'
import type { Db } from '../../db/index.ts'
import { FANOUT_BATCH } from './batch.ts'

/**
 * Site news: an operator publishes with one insert into `site_news` (docs/how-the-site-works.md, "Follows, schedules and notices"), or
 * through this, and the notice job tells every user who had an account by `published_at`.
 */
export async function publishNews(
  db: Db,
  news: { title: string; body?: string; url?: string; publishedAt?: Date },
): Promise<number> {
  const row = await db
    .insertInto('site_news')
    .values({
      title: news.title,
      body: news.body ?? '',
      url: news.url ?? '',
      ...(news.publishedAt && { published_at: news.publishedAt }),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * One batch of one published news item, in one transaction: the next FANOUT_BATCH users by id
 * get it; the unique (user, news) index makes it once whatever runs twice. Answers whether a
 * batch was done.
 */
export async function newsBatch(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const job = await tx
      .selectFrom('site_news')
      .selectAll()
      .where('done_at', 'is', null)
      .where('published_at', '<=', sql<Date>`now()`)
      .orderBy('published_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst()
    if (!job) return false
    await sql`
      with batch as (
        select id as user_id from users
        where id > ${job.after_user_id}::int and not is_bot
          and created_at <= ${job.published_at}::timestamptz
        order by id
        limit ${FANOUT_BATCH}::int
      ),
      told as (
        insert into user_notices (user_id, kind, title, body, url, news_id)
        select user_id, 'news', ${job.title}::text, ${job.body}::text, ${job.url}::text,
          ${job.id}::int
        from batch
        on conflict (user_id, news_id) where kind = 'news' do nothing
        returning id, user_id
      ),
      queued as (
        insert into push_outbox (subscription_id, notice_id)
        select push_subscriptions.id, told.id from told
        join push_subscriptions on push_subscriptions.user_id = told.user_id and push_subscriptions.send_news
      )
      update site_news set
        after_user_id = coalesce((select max(user_id) from batch), after_user_id),
        done_at = case when (select count(*) from batch) < ${FANOUT_BATCH}::int then now() end
      where id = ${job.id}::int`.execute(tx)
    return true
  })
}
