import { sql } from 'kysely'
import { MEDALS } from '../../src/domain/medals.ts'
import { demoBanners, demoBots } from './demo-social.ts'
import { FREE_GIFTS } from './gift-catalogue.ts'
import { seedDemoEvents } from './seed-events.ts'
import { seedDemoOrganizer } from './seed-organizer.ts'
import { seedDemoNews, seedDemoSchedules, seedDemoTags } from './seed-follow.ts'
import { seedDemoEcItems } from './seed-shop.ts'
import { seedDemoChild } from './seed-child.ts'
import { seedDemoLiverThemes } from './seed-liver-themes.ts'
import { seedDemoParties } from './seed-parties.ts'
import { seedDemoDialogs } from './seed-dialogs.ts'
import { seedDemoVirtual } from './seed-virtual.ts'
import { seedDemoCampaigns } from './seed-campaigns.ts'
import type { Db } from './index.ts'

/**
 * Banners and bot viewers, added to a database that holds the demo accounts and not yet these.
 * Idempotent, so it runs at every start of a demo database and changes nothing the second time.
 */
export async function seedDemoAdditions(db: Db): Promise<void> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', 'demo_viewer')
    .where('is_demo', '=', true)
    .executeTakeFirst()
  if (!demo) return
  await db
    .insertInto('users')
    .values(demoBots.map((b) => ({ ...b, sms_auth: true, is_demo: true, is_bot: true })))
    .onConflict((oc) => oc.doNothing())
    .execute()
  const banner = await db.selectFrom('room_banners').select('id').executeTakeFirst()
  if (!banner) await db.insertInto('room_banners').values(demoBanners).execute()
  // Before the wallets: the child's gold gets its opening ledger row with the others'.
  await seedDemoChild(db)
  await seedDemoWallets(db)
  // Two prize avatars (a prize avatar's id is its prize id), so /user_avatar shows more than the
  // defaults; きらめきガチャ's 203 is left to be won.
  await db
    .insertInto('user_items')
    .values([105, 303].map((prize_id) => ({ user_id: demo.id, prize_id, num: 1 })))
    .onConflict((oc) => oc.columns(['user_id', 'prize_id']).doNothing())
    .execute()
  await seedDemoEcItems(db)
  // Before the events: its room on air is entered in the ongoing event from the first start.
  await seedDemoVirtual(db)
  await seedDemoEvents(db)
  await seedDemoOrganizer(db)
  await seedDemoSchedules(db, new Date())
  await seedDemoNews(db)
  await seedDemoTags(db)
  await seedDemoBackgrounds(db)
  await seedDemoLiverThemes(db)
  await seedDemoCampaigns(db)
  await seedDemoParties(db)
  await seedDemoDialogs(db)
  // The rooms the demo put on air have been on air: their first-live medal (services/rankings).
  await sql`
    insert into medals (owner, owner_id, medal_id, earned_at)
    select 'room', room_id, ${MEDALS.first_live.id}::int, min(started_at) from lives group by room_id
    on conflict do nothing`.execute(db)
}

/**
 * Every demo account's balances get an opening ledger row (so the ledger sums to the balance),
 * and the demo viewer holds some free stars. Once: skipped when the account has ledger rows.
 */
async function seedDemoWallets(db: Db): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'account_id', 'gold', 'expiring_gold'])
    .where('is_demo', '=', true)
    .where('is_bot', '=', false)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('ledger').select('id').whereRef('ledger.user_id', '=', 'users.id')),
      ),
    )
    .execute()
  for (const user of users) {
    if (user.gold > 0 || user.expiring_gold > 0) {
      await db
        .insertInto('ledger')
        .values({
          user_id: user.id,
          gold_delta: user.gold,
          expiring_gold_delta: user.expiring_gold,
          reason: 'opening',
        })
        .execute()
    }
    if (user.account_id !== 'demo_viewer') continue
    for (const star of FREE_GIFTS) {
      await db
        .insertInto('user_free_gifts')
        .values({ user_id: user.id, gift_id: star.id, num: 30 })
        .onConflict((oc) => oc.columns(['user_id', 'gift_id']).doNothing())
        .execute()
      await db
        .insertInto('ledger')
        .values({ user_id: user.id, gift_id: star.id, free_delta: 30, reason: 'opening' })
        .execute()
    }
  }
}

/**
 * The demo liver holds both room backgrounds (gacha prizes 202 and 302), the night sky shown in
 * their room, so the demo shows one. Once: a room that has a background state keeps its own.
 */
async function seedDemoBackgrounds(db: Db): Promise<void> {
  const room = await db
    .selectFrom('rooms')
    .innerJoin('users', 'users.id', 'rooms.owner_user_id')
    .select(['rooms.id as room_id', 'users.id as user_id'])
    .where('users.account_id', '=', 'demo_liver')
    .where('users.is_demo', '=', true)
    .executeTakeFirst()
  if (!room) return
  await db
    .insertInto('user_items')
    .values([202, 302].map((prize_id) => ({ user_id: room.user_id, prize_id, num: 1 })))
    .onConflict((oc) => oc.columns(['user_id', 'prize_id']).doNothing())
    .execute()
  await db
    .insertInto('room_backgrounds_state')
    .values({ room_id: room.room_id, current_prize_id: 202 })
    .onConflict((oc) => oc.column('room_id').doNothing())
    .execute()
}
