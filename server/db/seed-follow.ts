import { sql } from 'kysely'
import { publishNews } from '../services/notices/news.ts'
import type { Db } from './index.ts'

/** Off-air demo rooms' next lives: hours from the seed, and a title. */
const DEMO_SCHEDULES: Array<{ key: string; hours: number; title: string }> = [
  { key: 'sports_ken', hours: 26, title: '週末の試合を振り返る配信' },
  { key: 'idol_sakura', hours: 50, title: '新曲お披露目ライブ' },
  { key: 'minor_hina', hours: 74, title: '放課後おしゃべり' },
]

/**
 * The demo's schedules (issue #20), on the hour: made when missing, and made again at a start
 * that finds them past, so a demo running for days still has lives to come.
 */
export async function seedDemoSchedules(db: Db, now: Date): Promise<void> {
  const hour = 3_600_000
  const rooms = await db
    .selectFrom('rooms')
    .select(['id', 'room_url_key'])
    .where(
      'room_url_key',
      'in',
      DEMO_SCHEDULES.map((s) => s.key),
    )
    .execute()
  for (const room of rooms) {
    const s = DEMO_SCHEDULES.find((d) => d.key === room.room_url_key)
    if (!s) continue
    const startsAt = new Date(Math.ceil((now.getTime() + s.hours * hour) / hour) * hour)
    await db
      .insertInto('room_schedules')
      .values({ room_id: room.id, title: s.title, starts_at: startsAt })
      .onConflict((oc) =>
        oc
          .column('room_id')
          .doUpdateSet({
            title: s.title,
            starts_at: startsAt,
            reminder_after_user_id: 0,
            reminded_at: null,
          })
          .where('room_schedules.starts_at', '<=', sql<Date>`now()`),
      )
      .execute()
  }
}

/** The demo's site news: one welcome, published once (the notice job tells every user). */
export async function seedDemoNews(db: Db): Promise<void> {
  const any = await db.selectFrom('site_news').select('id').limit(1).executeTakeFirst()
  if (any) return
  await publishNews(db, {
    title: 'Kirariへようこそ',
    body:
      'ライブ配信を見て、コメントやギフトで応援しましょう。' +
      'フォローしたルームが配信を始めたときや、配信予定の前日にもここでお知らせします。',
    url: '/',
  })
}
