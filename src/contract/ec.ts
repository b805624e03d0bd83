import * as v from 'valibot'
import {
  EC_MAX_QUANTITY,
  type EcCategory,
  type EcConfig,
  type EcItem,
  type EcPurchaseLog,
} from '../domain/shop.ts'
import { Flag, FormField, Id, Text } from './common.ts'
import { ClientKey } from './shop.ts'

/** `GET /api/ec/categories`. */
export interface CategoriesAnswer {
  categories: EcCategory[]
}

/** `GET /api/ec/room/config`: a room by room_id or by room_url_key (one of them). */
export const RoomConfigQuery = v.pipe(
  v.object({
    room_id: v.optional(Id),
    room_url_key: v.optional(v.pipe(v.string(), v.maxLength(64))),
  }),
  v.forward(
    v.check((q) => q.room_id !== undefined || q.room_url_key !== undefined),
    ['room_id'],
  ),
)
export type RoomConfigQuery = v.InferInput<typeof RoomConfigQuery>

/** SPEC §3 ec_config for the caller. */
export type RoomConfigAnswer = EcConfig

/** `GET /api/ec/room/items_for_owner`: every item of the owner's room, hidden ones too. */
export const OwnerItemsQuery = v.object({ room_id: Id })
export type OwnerItemsQuery = v.InferInput<typeof OwnerItemsQuery>

/** `GET /api/ec/room/{id}/items` and `items_for_owner`. */
export interface ItemsAnswer {
  items: EcItem[]
}

/** `GET /api/ec/room/{id}/purchase_logs`. */
export interface PurchaseLogsAnswer {
  logs: EcPurchaseLog[]
}

/**
 * `POST /api/ec/room/items` (JSON): a new item (no item_id) or an edit. The item's fields are
 * checked by domain/shop-forms.ts checkEcItemDraft, which answers per field; an edit names the
 * stock its form loaded (`stock_was`: '' or null for unlimited, else 0–9,999; read on edits only).
 */
export const SaveItemBody = v.object({
  room_id: Id,
  item_id: v.nullish(v.union([v.literal(''), Id]), ''),
  stock_was: FormField,
  name: FormField,
  description: FormField,
  category_id: FormField,
  price: FormField,
  stock: FormField,
  is_hidden: FormField,
})
export type SaveItemBody = v.InferInput<typeof SaveItemBody>

/** An item as saved. */
export interface ItemAnswer {
  item: EcItem
}

/** `POST /api/ec/room/items/{id}/visibility` (JSON): hide (1, true) or show (0, false). */
export const VisibilityBody = v.object({ is_hidden: v.union([Flag, v.boolean()]) })
export type VisibilityBody = v.InferInput<typeof VisibilityBody>

/** `POST /api/ec/room/{id}/purchase/reserve` (JSON): 1 to EC_MAX_QUANTITY of one item. */
export const ReserveItemBody = v.object({
  item_id: Id,
  quantity: v.pipe(
    Text(3),
    v.regex(/^\d{1,3}$/),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(EC_MAX_QUANTITY),
  ),
  client_key: ClientKey,
})
export type ReserveItemBody = v.InferInput<typeof ReserveItemBody>
