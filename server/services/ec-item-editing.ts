/** The owner's editing of room items: save (with the stock delta) and visibility. */
import { type EcItem } from '../../src/domain/shop.ts'
import { checkEcItemDraft, ecItemMessages } from '../../src/domain/shop-forms.ts'
import type { Db } from '../db/index.ts'
import { ApiError, invalidFields, messages } from '../errors.ts'
import { ecMessages, itemsQuery, itemShape, ownedRoom } from './ec-items.ts'

const ITEM_COLORS = ['#f0507a', '#8b5cf6', '#14b8a6', '#3b82f6', '#f59e0b', '#ec4899']

/** `stock_was` as sent: absent (undefined), unlimited (null for '' or null) or 0–9,999. */
export function parseStockWas(value: unknown): number | null | undefined {
  if (value === undefined) return undefined
  if (value === null || value === '') return null
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''
  if (!/^\d{1,4}$/.test(text.trim())) {
    throw new ApiError(400, `${messages.invalidParameter} (stock_was)`)
  }
  return Number(text.trim())
}

/**
 * `POST /api/ec/room/items`: the owner creates an item (no item_id) or edits one of their
 * room's. The form is checked with checkEcItemDraft and the category against the catalogue;
 * nothing is stored unless all of it passes.
 *
 * Stock on an edit: `stock` counts what can still be ordered, and open orders hold theirs by
 * lowering it, so a form loaded before an order (or before one gave its stock back) must not
 * overwrite it. The form sends `stock_was`, the stock it loaded ('' or null for unlimited).
 * When both it and the submitted stock are numbers, the owner's change is applied as a delta
 * on the item's locked row: new stock = current + (stock − stock_was); below 0 (the owner took
 * away stock that orders hold meanwhile) the edit is refused with a field error on `stock`.
 * Switching between unlimited and a number just sets it. Without `stock_was` (older clients),
 * the submitted stock is stored as it is.
 */
export async function saveItem(
  db: Db,
  userId: number,
  input: Parameters<typeof checkEcItemDraft>[0] & {
    room_id: number
    item_id: number | null
    /** As sent; read on edits only (parseStockWas). */
    stock_was?: unknown
  },
): Promise<EcItem> {
  const stockWas = input.item_id === null ? undefined : parseStockWas(input.stock_was)
  await ownedRoom(db, userId, input.room_id)
  const checked = checkEcItemDraft(input)
  if (!checked.ok) throw invalidFields(checked.errors)
  const { draft } = checked
  const category = await db
    .selectFrom('ec_categories')
    .select('id')
    .where('id', '=', draft.category_id)
    .executeTakeFirst()
  if (!category) throw invalidFields({ category_id: ecItemMessages.category_id })
  const now = new Date()
  let id: number
  if (input.item_id === null) {
    const created = await db
      .insertInto('ec_items')
      .values({
        ...draft,
        room_id: input.room_id,
        color: ITEM_COLORS[draft.name.length % ITEM_COLORS.length] ?? '#f0507a',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    id = created.id
  } else {
    const itemId = input.item_id
    await db.transaction().execute(async (tx) => {
      const current = await tx
        .selectFrom('ec_items')
        .select('stock')
        .where('id', '=', itemId)
        .where('room_id', '=', input.room_id)
        .forUpdate()
        .executeTakeFirst()
      if (!current) throw new ApiError(404, ecMessages.itemNotFound)
      let stock = draft.stock
      if (stockWas !== undefined && stockWas !== null && stock !== null && current.stock !== null) {
        stock = current.stock + (stock - stockWas)
        if (stock < 0) throw invalidFields({ stock: ecMessages.stockHeld })
        if (stock > 9_999) throw invalidFields({ stock: ecItemMessages.stock })
      }
      await tx
        .updateTable('ec_items')
        .set({ ...draft, stock, updated_at: now })
        .where('id', '=', itemId)
        .execute()
    })
    id = itemId
  }
  return itemShape(await itemsQuery(db).where('ec_items.id', '=', id).executeTakeFirstOrThrow())
}

/**
 * `POST /api/ec/room/items/{item_id}/visibility`: the owner hides or shows an item, changing
 * nothing else (so a hide cannot overwrite the stock open orders hold, as re-sending the whole
 * form could). 404 for an unknown item, 403 for someone else's room.
 */
export async function setItemVisibility(
  db: Db,
  userId: number,
  itemId: number,
  isHidden: boolean,
): Promise<EcItem> {
  const item = await db
    .selectFrom('ec_items')
    .select('room_id')
    .where('id', '=', itemId)
    .executeTakeFirst()
  if (!item) throw new ApiError(404, ecMessages.itemNotFound)
  await ownedRoom(db, userId, item.room_id)
  await db
    .updateTable('ec_items')
    .set({ is_hidden: isHidden, updated_at: new Date() })
    .where('id', '=', itemId)
    .execute()
  return itemShape(await itemsQuery(db).where('ec_items.id', '=', itemId).executeTakeFirstOrThrow())
}
