import { Hono } from 'hono'
import * as v from 'valibot'
import { EC_MAX_QUANTITY } from '../../src/domain/shop.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody, requireUserId, sessionUserId } from '../request.ts'
import {
  checkQuantity,
  ecMessages,
  listCategories,
  purchaseLogs,
  reserveItem,
  roomConfig,
  roomItems,
} from '../services/ec-items.ts'
import { parseStockWas, saveItem, setItemVisibility } from '../services/ec-item-editing.ts'
import { checkClientKey } from '../services/orders.ts'
import { bodyId, idString, query, text } from '../validate.ts'

const roomIdParam = (c: { req: { param(name: 'room_id'): string } }) => {
  const parsed = v.safeParse(idString, c.req.param('room_id'))
  if (!parsed.success) throw new ApiError(404, ecMessages.roomNotFound)
  return parsed.output
}

const VISIBILITY = new Map<unknown, boolean>([
  [0, false],
  [1, true],
  ['0', false],
  ['1', true],
  [false, false],
  [true, true],
])

/** SPEC §7 E-commerce: /api/ec/… — a room's item shop. */
export function ecRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/categories', async (c) => c.json({ categories: await listCategories(c.var.db) }))

  api.get('/room/config', async (c) => {
    const q = query(
      c,
      v.object({
        room_id: v.optional(idString),
        room_url_key: v.optional(v.pipe(v.string(), v.maxLength(64))),
      }),
    )
    const by =
      q.room_id !== undefined
        ? { id: q.room_id }
        : q.room_url_key !== undefined
          ? { urlKey: q.room_url_key }
          : null
    if (!by) throw new ApiError(400, `${messages.invalidParameter} (room_id)`)
    return c.json(await roomConfig(c.var.db, by, await sessionUserId(c)))
  })

  api.get('/room/items_for_owner', async (c) => {
    const userId = await requireUserId(c)
    const { room_id } = query(c, v.object({ room_id: idString }))
    return c.json({
      items: await roomItems(c.var.db, c.var.payments, room_id, { ownerId: userId }),
    })
  })

  api.get('/room/:room_id{[0-9]+}/items', async (c) =>
    c.json({ items: await roomItems(c.var.db, c.var.payments, roomIdParam(c)) }),
  )

  api.get('/room/:room_id{[0-9]+}/purchase_logs', async (c) => {
    const userId = await requireUserId(c)
    return c.json({ logs: await purchaseLogs(c.var.db, userId, roomIdParam(c)) })
  })

  api.post('/room/items', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const hasItem = body.item_id !== undefined && body.item_id !== null && body.item_id !== ''
    // stock_was (edits): the stock the owner's form loaded; see saveItem.
    const stockWas = hasItem ? parseStockWas(body.stock_was) : undefined
    const item = await saveItem(c.var.db, userId, {
      name: body.name,
      description: body.description,
      category_id: body.category_id,
      price: body.price,
      stock: body.stock,
      is_hidden: body.is_hidden,
      room_id: bodyId(body, 'room_id'),
      item_id: hasItem ? bodyId(body, 'item_id') : null,
      ...(stockWas !== undefined ? { stock_was: stockWas } : {}),
    })
    return c.json({ item })
  })

  // Hide or show an item and nothing else: `{ is_hidden: 0 | 1 }` (true/false too).
  api.post('/room/items/:item_id{[0-9]+}/visibility', async (c) => {
    const userId = await requireUserId(c)
    const parsed = v.safeParse(idString, c.req.param('item_id'))
    if (!parsed.success) throw new ApiError(404, ecMessages.itemNotFound)
    const value = (await readBody(c)).is_hidden
    const hidden = VISIBILITY.get(value)
    if (hidden === undefined) throw new ApiError(400, `${messages.invalidParameter} (is_hidden)`)
    return c.json({ item: await setItemVisibility(c.var.db, userId, parsed.output, hidden) })
  })

  api.post('/room/:room_id{[0-9]+}/purchase/reserve', async (c) => {
    const userId = await requireUserId(c)
    const body = await readBody(c)
    const order = await reserveItem(c.var.db, c.var.payments, {
      userId,
      roomId: roomIdParam(c),
      itemId: bodyId(body, 'item_id'),
      quantity: checkQuantity(text(body, 'quantity', { max: 3 }), EC_MAX_QUANTITY),
      clientKey: checkClientKey(text(body, 'client_key', { max: 64 })),
    })
    return c.json({ order })
  })

  return api
}
