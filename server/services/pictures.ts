/**
 * What the drawn pictures are drawn from (server/api/images.ts, shop-images.ts): a name or a
 * title and a colour per room, gift, banner, gacha, prize and shop card. Unknown ids are a 404.
 */
import type { Db } from '../db/index.ts'
import { ApiError, messages } from '../errors.ts'

function found<T>(row: T | undefined): T {
  if (!row) throw new ApiError(404, messages.notFound)
  return row
}

/** A room cover: the room's main name and colour. */
export const roomPicture = async (db: Db, id: number) =>
  found(
    await db
      .selectFrom('rooms')
      .select(['main_name', 'color'])
      .where('id', '=', id)
      .executeTakeFirst(),
  )

/** A gift's gem: its name, colour, points and kind. */
export const giftPicture = async (db: Db, id: number) =>
  found(
    await db
      .selectFrom('gifts')
      .select(['name', 'color', 'point', 'free', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst(),
  )

/** A room banner: its title and colour. */
export const bannerPicture = async (db: Db, id: number) =>
  found(
    await db
      .selectFrom('room_banners')
      .select(['title', 'color'])
      .where('id', '=', id)
      .executeTakeFirst(),
  )

/** A gacha banner: the gacha's name and colour. */
export const gachaPicture = async (db: Db, id: number) =>
  found(
    await db.selectFrom('gachas').select(['name', 'color']).where('id', '=', id).executeTakeFirst(),
  )

/** A gacha prize: its type, rarity and colour. */
export const prizePicture = async (db: Db, id: number) =>
  found(
    await db
      .selectFrom('gacha_prizes')
      .select(['prize_type', 'rarity', 'color'])
      .where('id', '=', id)
      .executeTakeFirst(),
  )

/** The tables shop cards are drawn from. */
export type CardSource = 'shop_banners' | 'shop_packages' | 'shop_plans' | 'ec_items'

/** A shop card (banner, package, plan, room item): its name (a banner's title) and colour. */
export async function cardPicture(db: Db, table: CardSource, id: number) {
  const row =
    table === 'shop_banners'
      ? await db
          .selectFrom('shop_banners')
          .select(['title as name', 'color'])
          .where('id', '=', id)
          .executeTakeFirst()
      : await db.selectFrom(table).select(['name', 'color']).where('id', '=', id).executeTakeFirst()
  return found(row)
}
