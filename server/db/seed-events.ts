import type { Insertable } from 'kysely'
import type { Db } from './index.ts'
import type { EventTable } from './schema-events.ts'
import { EVENT_TYPE } from '../../src/domain/events.ts'

const DAY = 86_400_000

/** Gold each demo bot starts with, for the small gifts it sends (services/demo-bots.ts). */
export const DEMO_BOT_GOLD = 10_000

/** What the demo events' final rankings earn (event_reward_tiers), by url key. */
const DEMO_REWARD_TIERS: Record<string, Array<{ up_to_rank: number; reward: string }>> = {
  kirari_winter_cup: [
    { up_to_rank: 1, reward: 'トップページ ピックアップ 1週間 + 限定バッジ' },
    { up_to_rank: 3, reward: '限定バッジ' },
  ],
  kirari_newyear_stage: [{ up_to_rank: 10, reward: '新春特番への出演' }],
}

/** The demo organizer's user id; null when the database has no demo. */
async function demoOrganizerId(db: Db): Promise<number | null> {
  const organizer = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', 'demo_organizer')
    .where('is_demo', '=', true)
    .executeTakeFirst()
  return organizer?.id ?? null
}

/** The ids of the demo rooms on air. */
export async function demoRoomsOnAir(db: Db): Promise<number[]> {
  const rooms = await db
    .selectFrom('rooms')
    .innerJoin('users', 'users.id', 'rooms.owner_user_id')
    .innerJoin('lives', 'lives.room_id', 'rooms.id')
    .select('rooms.id')
    .where('users.is_demo', '=', true)
    .where('lives.ended_at', 'is', null)
    .execute()
  return rooms.map((r) => r.id)
}

/**
 * A demo event by the demo organizer, written once (keyed by its url key: an organizer's edits
 * are kept), with `roomIds` entered and approved; its id, or null when there is no demo organizer.
 */
export async function seedDemoEvent(
  db: Db,
  event: Omit<Insertable<EventTable>, 'organizer_user_id'>,
  roomIds: readonly number[],
): Promise<number | null> {
  const organizerId = await demoOrganizerId(db)
  if (organizerId === null) return null
  await db
    .insertInto('events')
    .values({ ...event, organizer_user_id: organizerId })
    .onConflict((oc) => oc.column('url_key').doNothing())
    .execute()
  const { id } = await db
    .selectFrom('events')
    .select('id')
    .where('url_key', '=', event.url_key)
    .executeTakeFirstOrThrow()
  await enterDemoRooms(db, id, roomIds)
  return id
}

/** `roomIds` entered in the event and approved (once each). */
async function enterDemoRooms(db: Db, eventId: number, roomIds: readonly number[]): Promise<void> {
  if (roomIds.length === 0) return
  await db
    .insertInto('event_entries')
    .values(roomIds.map((room_id) => ({ event_id: eventId, room_id, status: 'approved' as const })))
    .onConflict((oc) => oc.columns(['event_id', 'room_id']).doNothing())
    .execute()
}

/**
 * The demo organizer's events: one ongoing ranking event with the demo rooms on air entered (their
 * points come from real gifts only: the demo viewer's, and the bots' small ones), and one upcoming
 * event open for entry; both with reward tiers. Idempotent: events are keyed by url key, entries
 * by (event, room); tiers are written to an event that has none, bots' gold once.
 */
export async function seedDemoEvents(db: Db, now = new Date()): Promise<void> {
  const organizerId = await demoOrganizerId(db)
  if (organizerId === null) return
  const at = (days: number) => new Date(now.getTime() + days * DAY)
  await db
    .insertInto('events')
    .values([
      {
        url_key: 'kirari_winter_cup',
        name: 'キラリ ウィンターカップ',
        description:
          '期間中にルームへ届いたギフトのポイントで順位を競うランキングイベントです。上位のルームにはトップページのピックアップ枠と限定バッジを贈ります。',
        event_type: EVENT_TYPE.ranking,
        organizer_user_id: organizerId,
        started_at: at(-1),
        ended_at: at(13),
        entry_starts_at: at(-8),
        entry_ends_at: at(6),
        rewards: '1位: トップページ ピックアップ 1週間 / 1〜3位: 限定バッジ',
      },
      {
        url_key: 'kirari_newyear_stage',
        name: 'キラリ 新春ステージ',
        description:
          '新しい年の最初のステージに立つルームを選ぶイベントです。エントリーはフォロワー100人以上のルームが対象です。',
        event_type: EVENT_TYPE.ranking,
        organizer_user_id: organizerId,
        started_at: at(14),
        ended_at: at(28),
        entry_starts_at: at(-1),
        entry_ends_at: at(13),
        min_follower_num: 100,
        rewards: '上位10ルーム: 新春特番への出演',
        terms: [
          '・期間中は週に3回以上、1回30分以上の配信をしてください。',
          '・ほかのルームやリスナーへの迷惑行為、ギフトの強要は禁止です。',
          '・特番への出演日時は主催者からご連絡します。',
          '・規約に反したルームはエントリーを取り消すことがあります。',
        ].join('\n'),
      },
    ])
    .onConflict((oc) => oc.column('url_key').doNothing())
    .execute()
  await seedRewardTiers(db)
  await seedBotGold(db)
  const ongoing = await db
    .selectFrom('events')
    .select('id')
    .where('url_key', '=', 'kirari_winter_cup')
    .executeTakeFirstOrThrow()
  await enterDemoRooms(db, ongoing.id, await demoRoomsOnAir(db))
}

/** The demo events' reward tiers, for an event that has none (an organizer's edit is kept). */
async function seedRewardTiers(db: Db): Promise<void> {
  const events = await db
    .selectFrom('events')
    .select(['id', 'url_key'])
    .where('url_key', 'in', Object.keys(DEMO_REWARD_TIERS))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('event_reward_tiers')
            .select('up_to_rank')
            .whereRef('event_reward_tiers.event_id', '=', 'events.id'),
        ),
      ),
    )
    .execute()
  const rows = events.flatMap((e) =>
    (DEMO_REWARD_TIERS[e.url_key] ?? []).map((t) => ({ event_id: e.id, ...t })),
  )
  if (rows.length === 0) return
  await db
    .insertInto('event_reward_tiers')
    .values(rows)
    .onConflict((oc) => oc.columns(['event_id', 'up_to_rank']).doNothing())
    .execute()
}

/**
 * Bots get their gold once (a bot with no ledger rows), with its opening ledger row, so the
 * ledger still sums to every balance.
 */
async function seedBotGold(db: Db): Promise<void> {
  const bots = await db
    .selectFrom('users')
    .select('id')
    .where('is_bot', '=', true)
    .where('is_demo', '=', true)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('ledger').select('id').whereRef('ledger.user_id', '=', 'users.id')),
      ),
    )
    .execute()
  if (bots.length === 0) return
  const ids = bots.map((b) => b.id)
  await db
    .updateTable('users')
    .set((eb) => ({ gold: eb('gold', '+', DEMO_BOT_GOLD) }))
    .where('id', 'in', ids)
    .execute()
  await db
    .insertInto('ledger')
    .values(ids.map((id) => ({ user_id: id, gold_delta: DEMO_BOT_GOLD, reason: 'opening' })))
    .execute()
}
