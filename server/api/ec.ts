import { Hono } from 'hono'
import {
  OwnerItemsQuery,
  ReserveItemBody,
  RoomConfigQuery,
  SaveItemBody,
  VisibilityBody,
  type CategoriesAnswer,
  type ItemAnswer,
  type ItemsAnswer,
  type PurchaseLogsAnswer,
  type RoomConfigAnswer,
} from '../../src/contract/ec.ts'
import type { OrderAnswer } from '../../src/contract/shop.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId, sessionUserId } from '../request.ts'
import {
  ecMessages,
  listCategories,
  purchaseLogs,
  reserveItem,
  roomConfig,
  roomItems,
} from '../services/ec-items.ts'
import { saveItem, setItemVisibility } from '../services/ec-item-editing.ts'
import { input, pathIdOr404, query } from '../validate.ts'

const roomIdParam = (c: { req: { param(name: 'room_id'): string } }) =>
  pathIdOr404(c.req.param('room_id'), ecMessages.roomNotFound)

/** SPEC §7 E-commerce: /api/ec/… — a room's item shop. */
export function ecRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/categories', async (c) =>
    c.json({ categories: await listCategories(c.var.db) } satisfies CategoriesAnswer),
  )

  api.get('/room/config', async (c) => {
    const q = query(c, RoomConfigQuery)
    const by = q.room_id !== undefined ? { id: q.room_id } : { urlKey: q.room_url_key ?? '' }
    const config = await roomConfig(c.var.db, by, await sessionUserId(c))
    return c.json(config satisfies RoomConfigAnswer)
  })

  api.get('/room/items_for_owner', async (c) => {
    const userId = await requireUserId(c)
    const { room_id } = query(c, OwnerItemsQuery)
    const items = await roomItems(c.var.db, c.var.payments, room_id, { ownerId: userId })
    return c.json({ items } satisfies ItemsAnswer)
  })

  api.get('/room/:room_id{[0-9]+}/items', async (c) =>
    c.json({
      items: await roomItems(c.var.db, c.var.payments, roomIdParam(c)),
    } satisfies ItemsAnswer),
  )

  api.get('/room/:room_id{[0-9]+}/purchase_logs', async (c) => {
    const userId = await requireUserId(c)
    const logs = await purchaseLogs(c.var.db, userId, roomIdParam(c))
    return c.json({ logs } satisfies PurchaseLogsAnswer)
  })

  // A new item (no item_id) or an edit, with the stock its form loaded (services/ec-item-editing.ts).
  api.post('/room/items', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, SaveItemBody)
    const item = await saveItem(c.var.db, userId, {
      ...body,
      item_id: body.item_id === '' ? null : body.item_id,
    })
    return c.json({ item } satisfies ItemAnswer)
  })

  // Hide or show an item and nothing else: `{ is_hidden: 0 | 1 }` (true/false too).
  api.post('/room/items/:item_id{[0-9]+}/visibility', async (c) => {
    const userId = await requireUserId(c)
    const itemId = pathIdOr404(c.req.param('item_id'), ecMessages.itemNotFound)
    const { is_hidden } = await input(c, VisibilityBody)
    const item = await setItemVisibility(c.var.db, userId, itemId, is_hidden)
    return c.json({ item } satisfies ItemAnswer)
  })

  api.post('/room/:room_id{[0-9]+}/purchase/reserve', async (c) => {
    const userId = await requireUserId(c)
    const roomId = roomIdParam(c)
    const body = await input(c, ReserveItemBody)
    const order = await reserveItem(c.var.db, c.var.payments, {
      userId,
      roomId,
      itemId: body.item_id,
      quantity: body.quantity,
      clientKey: body.client_key,
    })
    return c.json({ order } satisfies OrderAnswer)
  })

  return api
}
