/** Room items as viewers see them: categories, config, item lists, reserve and purchase logs. */
import { sql } from 'kysely'
import type { EcCategory, EcConfig, EcItem, EcPurchaseLog, Order } from '../../src/domain/shop.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { settleStale } from './order-settlement.ts'
import { insertOrder, reserveOnce } from './orders.ts'
import type { PaymentProvider } from './payment-provider.ts'

export const ecMessages = {
  roomNotFound: 'ルームが見つかりません',
  itemNotFound: '商品が見つかりません',
  ownerOnly: 'このルームのオーナーだけが使えます',
  soldOut: '在庫が足りません',
  ownItem: '自分のルームの商品は購入できません',
  stockHeld: '注文中の在庫があるため、この在庫数にはできません。在庫数を確認してください',
} as const

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** `/api/ec/categories`. */
export async function listCategories(db: Db): Promise<EcCategory[]> {
  const rows = await db
    .selectFrom('ec_categories')
    .select(['id', 'name'])
    .orderBy('order_no')
    .execute()
  return rows.map((c) => ({ category_id: c.id, name: c.name }))
}

export async function findRoom(db: Db, by: { id: number } | { urlKey: string }) {
  let query = db.selectFrom('rooms').select(['id', 'room_url_key', 'room_name', 'owner_user_id'])
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('room_url_key', '=', by.urlKey)
  const room = await query.executeTakeFirst()
  if (!room) throw new ApiError(404, ecMessages.roomNotFound)
  return room
}

/** The room, if the caller owns it; 403 otherwise. */
export async function ownedRoom(db: Db, userId: number, roomId: number) {
  const room = await findRoom(db, { id: roomId })
  if (room.owner_user_id !== userId) throw new ApiError(403, ecMessages.ownerOnly)
  return room
}

/** `/api/ec/room/config`: SPEC §3 ec_config for the caller. */
export async function roomConfig(
  db: Db,
  by: { id: number } | { urlKey: string },
  userId: number | null,
): Promise<EcConfig> {
  const room = await findRoom(db, by)
  const visible = await db
    .selectFrom('ec_items')
    .select('id')
    .where('room_id', '=', room.id)
    .where('is_hidden', '=', false)
    .executeTakeFirst()
  return {
    room_id: room.id,
    room_url_key: room.room_url_key,
    room_name: room.room_name,
    is_owner: userId !== null && userId === room.owner_user_id,
    sales_available: visible !== undefined,
    is_external_ec: false,
    links: [],
  }
}

export function itemsQuery(db: Db) {
  return db
    .selectFrom('ec_items')
    .innerJoin('ec_categories', 'ec_categories.id', 'ec_items.category_id')
    .select([
      'ec_items.id',
      'ec_items.room_id',
      'ec_items.category_id',
      'ec_categories.name as category_name',
      'ec_items.name',
      'ec_items.description',
      'ec_items.price',
      'ec_items.stock',
      'ec_items.is_hidden',
      'ec_items.sold_count',
    ])
    .orderBy('ec_items.id')
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number]

export const itemShape = (i: ItemRow): EcItem => ({
  item_id: i.id,
  room_id: i.room_id,
  category_id: i.category_id,
  category_name: i.category_name,
  name: i.name,
  description: i.description,
  price: i.price,
  stock: i.stock,
  is_hidden: i.is_hidden,
  image: `/img/ec/item/${i.id}.svg`,
  sold_count: i.sold_count,
})

/**
 * `/api/ec/room/{id}/items` (visible items) and `items_for_owner` (all of them). Stock held by
 * orders left to expire is given back by the order sweeper (services/order-settlement.ts), not
 * by this anonymous read; the owner's list still settles its room's first, so the stock the
 * owner's form loads (and sends back as stock_was) is as fresh as it can be.
 */
export async function roomItems(
  db: Db,
  provider: PaymentProvider | null,
  roomId: number,
  options: { ownerId?: number } = {},
): Promise<EcItem[]> {
  if (options.ownerId === undefined) {
    await findRoom(db, { id: roomId })
  } else {
    await ownedRoom(db, options.ownerId, roomId)
    await settleStale(db, provider, { roomId })
  }
  let query = itemsQuery(db).where('ec_items.room_id', '=', roomId)
  if (options.ownerId === undefined) query = query.where('ec_items.is_hidden', '=', false)
  return (await query.execute()).map(itemShape)
}

const soldOut = () => new ApiError(400, ecMessages.soldOut, { errorType: 'SOLD_OUT' })

/**
 * `POST /api/ec/room/{id}/purchase/reserve`: a reserved order that holds the stock it buys, by
 * a conditional decrement in the order's transaction (never below zero). When the stock is
 * short, this item's orders already past their expiry (at most one batch) give theirs back and
 * the reserve is tried once more. A client key already used for another item or quantity is
 * 409 CLIENT_KEY_REUSED.
 */
export async function reserveItem(
  db: Db,
  provider: PaymentProvider | null,
  request: { userId: number; roomId: number; itemId: number; quantity: number; clientKey: string },
): Promise<Order> {
  const { userId, roomId, itemId, quantity, clientKey } = request
  const room = await findRoom(db, { id: roomId })
  if (room.owner_user_id === userId) throw new ApiError(400, ecMessages.ownItem)
  const attempt = () =>
    reserveOnce(
      db,
      provider,
      { userId, clientKey },
      async (tx) => {
        const item = await tx
          .selectFrom('ec_items')
          .select(['id', 'name', 'price'])
          .where('id', '=', itemId)
          .where('room_id', '=', roomId)
          .where('is_hidden', '=', false)
          .executeTakeFirst()
        if (!item) throw new ApiError(404, ecMessages.itemNotFound)
        const id = await insertOrder(
          tx,
          {
            user_id: userId,
            kind: 'ec_item',
            title: item.name,
            quantity,
            amount: item.price * quantity,
            gold: 0,
            ec_item_id: item.id,
            room_id: roomId,
            client_key: clientKey,
          },
          new Date(),
        )
        if (id === null) return null
        // Unlimited items (stock null) stay unlimited: null - n is null.
        const held = await tx
          .updateTable('ec_items')
          .set({ stock: sql`stock - ${quantity}` })
          .where('id', '=', item.id)
          .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', quantity)]))
          .executeTakeFirst()
        if (Number(held.numUpdatedRows) !== 1) throw soldOut()
        return id
      },
      (existing) => existing.ec_item_id === itemId && existing.quantity === quantity,
    )
  try {
    return await attempt()
  } catch (error) {
    if (!(error instanceof ApiError && error.extra.errorType === 'SOLD_OUT')) throw error
    if ((await settleStale(db, provider, { ecItemId: itemId }, { limit: 50 })) === 0) throw error
    return attempt()
  }
}

/**
 * `/api/ec/room/{id}/purchase_logs`: paid orders of the room's items, newest first; the owner
 * sees everyone's, anyone else only their own.
 */
export async function purchaseLogs(
  db: Db,
  userId: number,
  roomId: number,
): Promise<EcPurchaseLog[]> {
  const room = await findRoom(db, { id: roomId })
  let query = db
    .selectFrom('orders')
    .innerJoin('ec_items', 'ec_items.id', 'orders.ec_item_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.ec_item_id',
      'ec_items.name as item_name',
      'orders.quantity',
      'orders.amount',
      'users.name as user_name',
      'orders.paid_at',
    ])
    .where('orders.room_id', '=', roomId)
    .where('orders.status', '=', 'paid')
    .orderBy('orders.paid_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(50)
  if (room.owner_user_id !== userId) query = query.where('orders.user_id', '=', userId)
  const rows = await query.execute()
  return rows.map((r) => ({
    order_id: r.id,
    item_id: r.ec_item_id ?? 0,
    item_name: r.item_name,
    quantity: r.quantity,
    amount: r.amount,
    user_name: r.user_name,
    paid_at: r.paid_at ? unixSeconds(r.paid_at) : 0,
  }))
}
