import { randomBytes } from 'node:crypto'
import { EVENT_TYPE } from '../../src/domain/events.ts'
import type { Db } from './index.ts'
import { seedDemoEvent } from './seed-events.ts'

const DAY = 86_400_000

/** The demo's own virtual livers' rooms (issue #22); みかんちゃんねる (demo-data.ts) joins them. */
const VIRTUAL_ROOMS = [
  {
    key: 'vlive_nova',
    room: 'ノヴァの電脳ステーション',
    main: '星導 ノヴァ',
    sub: 'バーチャルライバー / 歌と雑談',
    description: 'ネオンの街から毎晩おしゃべりと歌をお届けします。はじめての方も気軽にどうぞ。',
    color: '#22d3ee',
    followers: 8600,
    avatar: 5,
    // Minutes on air and viewers; null: off air.
    onAir: { minutes: 34, viewers: 4200 },
  },
  {
    key: 'vlive_kuon',
    room: 'くおんのデジタル書斎',
    main: '電子 くおん',
    sub: 'バーチャルライバー / 朗読',
    description: '夜更けの朗読と、ちょっとした科学のお話。配信は週に三回です。',
    color: '#a78bfa',
    followers: 2500,
    avatar: 6,
    onAir: null,
  },
] as const

/** Rooms flagged virtual: the two above and the demo's virtual-genre room. */
const VIRTUAL_KEYS = ['vtuber_mikan', ...VIRTUAL_ROOMS.map((r) => r.key)]

const VIRTUAL_GENRE = 106

/**
 * The virtual livers' corner of the demo: two virtual livers (one on air), みかんちゃんねる flagged
 * virtual, and one open event for virtual livers they have entered. Idempotent: accounts by
 * account id, rooms by url key, the live only for a room that never had one, the event by url
 * key and its entries by (event, room); a database from before migration 040 gets them too.
 */
export async function seedDemoVirtual(db: Db, now = new Date()): Promise<void> {
  for (const [i, r] of VIRTUAL_ROOMS.entries()) {
    const accountId = `liver_${r.key}`
    await db
      .insertInto('users')
      .values({
        account_id: accountId,
        name: r.main,
        avatar_id: r.avatar,
        birthday: (now.getUTCFullYear() - 22 - i) * 10_000 + 401,
        sms_auth: true,
        is_demo: true,
      })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute()
    const owner = await db
      .selectFrom('users')
      .select('id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
    await db
      .insertInto('rooms')
      .values({
        room_url_key: r.key,
        room_name: r.room,
        main_name: r.main,
        sub_name: r.sub,
        description: r.description,
        owner_user_id: owner.id,
        genre_id: VIRTUAL_GENRE,
        color: r.color,
        follower_num: r.followers,
        is_virtual: true,
      })
      .onConflict((oc) => oc.column('room_url_key').doNothing())
      .execute()
    if (!r.onAir) continue
    const room = await db
      .selectFrom('rooms')
      .select('id')
      .where('room_url_key', '=', r.key)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('lives').select('id').whereRef('room_id', '=', 'rooms.id'))),
      )
      .executeTakeFirst()
    if (!room) continue
    await db
      .insertInto('lives')
      .values({
        room_id: room.id,
        started_at: new Date(now.getTime() - r.onAir.minutes * 60_000),
        view_num: r.onAir.viewers,
        bcsvr_key: `${room.id.toString(16).padStart(6, '0')}:${randomBytes(6).toString('base64url').slice(0, 8)}`,
      })
      .execute()
  }
  await db
    .updateTable('rooms')
    .set({ is_virtual: true })
    .where('room_url_key', 'in', VIRTUAL_KEYS)
    .where('is_virtual', '=', false)
    .execute()
  await seedVirtualEvent(db, now)
}

/** The open event for virtual livers, by the demo organizer, with the virtual rooms entered. */
async function seedVirtualEvent(db: Db, now: Date): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY)
  const rooms = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', 'in', VIRTUAL_KEYS)
    .where('is_virtual', '=', true)
    .execute()
  await seedDemoEvent(
    db,
    {
      url_key: 'kirari_virtual_fes',
      name: 'バーチャルライバー ネオンフェス',
      description:
        'バーチャルライバーだけが参加できるランキングイベントです。期間中に届いたギフトのポイントで順位を競い、上位のルームはバーチャルライバー特集ページで紹介します。',
      event_type: EVENT_TYPE.ranking,
      started_at: at(-2),
      ended_at: at(12),
      entry_starts_at: at(-9),
      entry_ends_at: at(10),
      rewards: '1〜3位: バーチャルライバー特集ページで紹介 / 1位: 限定バッジ',
      terms: [
        '・バーチャルの姿で配信しているルームが対象です。',
        '・期間中は週に2回以上、1回30分以上の配信をしてください。',
        '・ギフトの強要や、ほかのルームへの迷惑行為は禁止です。',
      ].join('\n'),
      for_virtual: true,
    },
    rooms.map((r) => r.id),
  )
}
