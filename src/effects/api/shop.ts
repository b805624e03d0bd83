import type { EcItemDraft, ShippingAddress } from '../../domain/shop.ts'
import type {
  CategoriesAnswer,
  ItemAnswer,
  ItemsAnswer,
  OwnerItemsQuery,
  PurchaseLogsAnswer,
  ReserveItemBody,
  RoomConfigAnswer,
  RoomConfigQuery,
  SaveItemBody,
  VisibilityBody,
} from '../../contract/ec.ts'
import type {
  ShopBannersAnswer,
  OrderAnswer,
  OrderIdBody,
  PackReserveBody,
  PackagePlansAnswer,
  PackagesAnswer,
  PaymentAnswer,
  PlanAnswer,
  PlanReserveBody,
  SavedAddressAnswer,
  ShippingAddressAnswer,
  ShippingAddressBody,
  TimeLimitedPackAnswer,
} from '../../contract/shop.ts'
import { newIdempotencyKey, type ApiClient } from './client.ts'

/** `/povo_ec`: banners, recommended packages and every package. */
export async function getShopHome(api: ApiClient) {
  const [banners, recommends, packages] = await Promise.all([
    api.get<ShopBannersAnswer>('/api/povo_ec/top_banners'),
    api.get<PackagesAnswer>('/api/povo_ec/packages/recommends'),
    api.get<PackagesAnswer>('/api/povo_ec/packages'),
  ])
  return {
    banners: banners.banners,
    recommends: recommends.packages,
    packages: packages.packages,
  }
}

/** `/api/povo_ec/packages/{id}/plans`: a package and its plans (404 reaches the caller). */
export const getPackagePlans = (api: ApiClient, packageId: number) =>
  api.get<PackagePlansAnswer>(`/api/povo_ec/packages/${packageId}/plans`)

/** `/api/povo_ec/plans/{id}`: one plan and its package. */
export const getPlan = (api: ApiClient, planId: number) =>
  api.get<PlanAnswer>(`/api/povo_ec/plans/${planId}`)

/** The user's saved shipping address, or null. */
export const getShippingAddress = (api: ApiClient) =>
  api.get<ShippingAddressAnswer>('/api/povo_ec/shipping_address').then((r) => r.shipping_address)

/** Saves the address; a 400 carries `fieldErrors` per field. */
export const saveShippingAddress = (api: ApiClient, address: ShippingAddress) =>
  api
    .postJson<SavedAddressAnswer>(
      '/api/povo_ec/shipping_address',
      address satisfies ShippingAddressBody,
    )
    .then((r) => r.shipping_address)

/** One of the user's orders as the server knows it now. */
export const getOrder = (api: ApiClient, orderId: string) =>
  api.get<OrderAnswer>(`/api/payment/orders/${encodeURIComponent(orderId)}`).then((r) => r.order)

/** After the provider sends the browser back: the server asks the provider and answers the order. */
export const confirmOrder = (api: ApiClient, orderId: string) =>
  api
    .postJson<OrderAnswer>('/api/payment/confirm', { order_id: orderId } satisfies OrderIdBody)
    .then((r) => r.order)

/** Opens the payment of a reserved order: the provider's page to send the browser to. */
export const reservePayment = (api: ApiClient, orderId: string) =>
  api.postJson<PaymentAnswer>('/api/povo_ec/payment/reserve', {
    order_id: orderId,
  } satisfies OrderIdBody)

/** What is being bought; each reserve names its client key so a repeated submit finds one order. */
export type Purchase =
  | { kind: 'plan'; planId: number }
  | { kind: 'pack'; packId: number }
  | { kind: 'item'; roomId: number; itemId: number; quantity: number }

export function reserveOrder(api: ApiClient, purchase: Purchase, clientKey: string) {
  // The body's client key finds one order for an attempt across page loads; the header's key,
  // one per call, lets a lost answer be asked again at once (issue #40).
  const keyed = { idempotencyKey: newIdempotencyKey() }
  const call =
    purchase.kind === 'plan'
      ? api.postJson<OrderAnswer>(
          '/api/povo_ec/plans/reserve',
          {
            plan_id: purchase.planId,
            client_key: clientKey,
          } satisfies PlanReserveBody,
          keyed,
        )
      : purchase.kind === 'pack'
        ? api.postJson<OrderAnswer>(
            '/api/payment/time_limited_pack/reserve',
            {
              pack_id: purchase.packId,
              client_key: clientKey,
            } satisfies PackReserveBody,
            keyed,
          )
        : api.postJson<OrderAnswer>(
            `/api/ec/room/${purchase.roomId}/purchase/reserve`,
            {
              item_id: purchase.itemId,
              quantity: purchase.quantity,
              client_key: clientKey,
            } satisfies ReserveItemBody,
            keyed,
          )
  return call.then((r) => r.order)
}

export const getTimeLimitedPack = (api: ApiClient) =>
  api.get<TimeLimitedPackAnswer>('/api/payment/time_limited_pack').then((r) => r.pack)

/** A room's item shop: its config, visible items, the categories and (logged in) purchase logs. */
export async function getEcShop(api: ApiClient, roomUrlKey: string, loggedIn: boolean) {
  const config = await api.get<RoomConfigAnswer>('/api/ec/room/config', {
    room_url_key: roomUrlKey,
  } satisfies RoomConfigQuery)
  const [items, categories, logs] = await Promise.all([
    api.get<ItemsAnswer>(`/api/ec/room/${config.room_id}/items`),
    api.get<CategoriesAnswer>('/api/ec/categories'),
    loggedIn
      ? api.get<PurchaseLogsAnswer>(`/api/ec/room/${config.room_id}/purchase_logs`)
      : Promise.resolve<PurchaseLogsAnswer>({ logs: [] }),
  ])
  return { config, items: items.items, categories: categories.categories, logs: logs.logs }
}

/** The owner's editor: every item of the room, hidden ones too (403 for anyone else). */
export async function getEcEditor(api: ApiClient, roomUrlKey: string) {
  const config = await api.get<RoomConfigAnswer>('/api/ec/room/config', {
    room_url_key: roomUrlKey,
  } satisfies RoomConfigQuery)
  const [items, categories] = await Promise.all([
    api.get<ItemsAnswer>('/api/ec/room/items_for_owner', {
      room_id: config.room_id,
    } satisfies OwnerItemsQuery),
    api.get<CategoriesAnswer>('/api/ec/categories'),
  ])
  return { config, items: items.items, categories: categories.categories }
}

/**
 * Creates (no itemId) or edits an item; a 400 carries `fieldErrors`. An edit names the stock the
 * form was filled from, so orders made meanwhile are not undone by the owner's number.
 */
export const saveEcItem = (
  api: ApiClient,
  roomId: number,
  edit: { itemId: number; stockWas: number | null } | null,
  draft: EcItemDraft,
) =>
  api
    .postJson<ItemAnswer>('/api/ec/room/items', {
      room_id: roomId,
      ...(edit === null ? {} : { item_id: edit.itemId, stock_was: edit.stockWas }),
      ...draft,
    } satisfies SaveItemBody)
    .then((r) => r.item)

/** Hides an item from the shop or shows it again. */
export const setEcItemVisibility = (api: ApiClient, itemId: number, hidden: boolean) =>
  api
    .postJson<ItemAnswer>(`/api/ec/room/items/${itemId}/visibility`, {
      is_hidden: hidden ? 1 : 0,
    } satisfies VisibilityBody)
    .then((r) => r.item)
