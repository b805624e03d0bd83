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

/** The demo lives' tags (a live's own, so a live that ends takes them with it). */
const DEMO_TAGS: Record<string, string[]> = {
  kirari_hoshino: ['毎日配信', '歌枠'],
  aoi_music: ['弾き語り', 'ギター', '歌枠'],
  vtuber_mikan: ['Vtuber', '雑談'],
  talk_tanaka: ['雑談'],
  seiyu_yume: ['朗読'],
  model_rin: ['コーデ', '雑談'],
}

/** Tags on the demo rooms' lives on air that have none yet (a start leaves tags set by hand). */
export async function seedDemoTags(db: Db): Promise<void> {
  const lives = await db
    .selectFrom('lives')
    .innerJoin('rooms', 'rooms.id', 'lives.room_id')
    .select(['lives.id', 'rooms.room_url_key'])
    .where('lives.ended_at', 'is', null)
    .where('rooms.room_url_key', 'in', Object.keys(DEMO_TAGS))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('live_tags')
            .select('live_tags.live_id')
            .whereRef('live_tags.live_id', '=', 'lives.id'),
        ),
      ),
    )
    .execute()
  const rows = lives.flatMap((live) =>
    (DEMO_TAGS[live.room_url_key] ?? []).map((tag, position) => ({
      live_id: live.id,
      tag,
      position,
    })),
  )
  if (rows.length > 0)
    await db
      .insertInto('live_tags')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute()
}
