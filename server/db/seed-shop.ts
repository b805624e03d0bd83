/** Seeding the shop: its catalogue always, the demo liver's items with the demo. */
import {
  DEMO_EC_ITEMS,
  DEMO_EC_ROOM,
  EC_CATEGORIES,
  SHOP_BANNERS,
  SHOP_PACKAGES,
  SHOP_PLANS,
  TIME_LIMITED_PACKS,
} from './shop-catalogue.ts'
import type { Db } from './index.ts'

/** The shop catalogue (shop-catalogue.ts); new entries are added by id, none changed. */
export async function seedShop(db: Db): Promise<void> {
  await db
    .insertInto('shop_banners')
    .values(SHOP_BANNERS)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('shop_packages')
    .values(SHOP_PACKAGES)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('shop_plans')
    .values(SHOP_PLANS)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('time_limited_packs')
    .values(TIME_LIMITED_PACKS)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
  await db
    .insertInto('ec_categories')
    .values(EC_CATEGORIES)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute()
}

/** The demo liver's item shop, once: skipped when the room has ever had an item. */
export async function seedDemoEcItems(db: Db): Promise<void> {
  const room = await db
    .selectFrom('rooms')
    .select('id')
    .where('room_url_key', '=', DEMO_EC_ROOM)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ec_items')
            .select('ec_items.id')
            .whereRef('ec_items.room_id', '=', 'rooms.id'),
        ),
      ),
    )
    .executeTakeFirst()
  if (!room) return
  await db
    .insertInto('ec_items')
    .values(DEMO_EC_ITEMS.map((item) => ({ ...item, room_id: room.id })))
    .execute()
}
