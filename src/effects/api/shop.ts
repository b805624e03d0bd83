import type {
  EcCategory,
  EcConfig,
  EcItem,
  EcItemDraft,
  EcPurchaseLog,
  Order,
  ShippingAddress,
  ShopBanner,
  ShopPackage,
  ShopPlan,
  TimeLimitedPack,
} from '../../domain/shop.ts'
import type { ApiClient } from './client.ts'

/** `/povo_ec`: banners, recommended packages and every package. */
export async function getShopHome(api: ApiClient) {
  const [banners, recommends, packages] = await Promise.all([
    api.get<{ banners: ShopBanner[] }>('/api/povo_ec/top_banners'),
    api.get<{ packages: ShopPackage[] }>('/api/povo_ec/packages/recommends'),
    api.get<{ packages: ShopPackage[] }>('/api/povo_ec/packages'),
  ])
  return {
    banners: banners.banners,
    recommends: recommends.packages,
    packages: packages.packages,
  }
}

/** `/api/povo_ec/packages/{id}/plans`: a package and its plans (404 reaches the caller). */
export const getPackagePlans = (api: ApiClient, packageId: number) =>
  api.get<{ package: ShopPackage; plans: ShopPlan[] }>(`/api/povo_ec/packages/${packageId}/plans`)

/** `/api/povo_ec/plans/{id}`: one plan and its package. */
export const getPlan = (api: ApiClient, planId: number) =>
  api.get<{ plan: ShopPlan; package: ShopPackage }>(`/api/povo_ec/plans/${planId}`)

/** The user's saved shipping address, or null. */
export const getShippingAddress = (api: ApiClient) =>
  api
    .get<{ shipping_address: ShippingAddress | null }>('/api/povo_ec/shipping_address')
    .then((r) => r.shipping_address)

/** Saves the address; a 400 carries `fieldErrors` per field. */
export const saveShippingAddress = (api: ApiClient, address: ShippingAddress) =>
  api
    .postJson<{ shipping_address: ShippingAddress }>('/api/povo_ec/shipping_address', address)
    .then((r) => r.shipping_address)

/** One of the user's orders as the server knows it now. */
export const getOrder = (api: ApiClient, orderId: string) =>
  api
    .get<{ order: Order }>(`/api/payment/orders/${encodeURIComponent(orderId)}`)
    .then((r) => r.order)

/** After the provider sends the browser back: the server asks the provider and answers the order. */
export const confirmOrder = (api: ApiClient, orderId: string) =>
  api.postJson<{ order: Order }>('/api/payment/confirm', { order_id: orderId }).then((r) => r.order)

/** Opens the payment of a reserved order: the provider's page to send the browser to. */
export const reservePayment = (api: ApiClient, orderId: string) =>
  api.postJson<{ order: Order; redirect_url: string }>('/api/povo_ec/payment/reserve', {
    order_id: orderId,
  })

/** What is being bought; each reserve names its client key so a repeated submit finds one order. */
export type Purchase =
  | { kind: 'plan'; planId: number }
  | { kind: 'pack'; packId: number }
  | { kind: 'item'; roomId: number; itemId: number; quantity: number }

export function reserveOrder(api: ApiClient, purchase: Purchase, clientKey: string) {
  const call =
    purchase.kind === 'plan'
      ? api.postJson<{ order: Order }>('/api/povo_ec/plans/reserve', {
          plan_id: purchase.planId,
          client_key: clientKey,
        })
      : purchase.kind === 'pack'
        ? api.postJson<{ order: Order }>('/api/payment/time_limited_pack/reserve', {
            pack_id: purchase.packId,
            client_key: clientKey,
          })
        : api.postJson<{ order: Order }>(`/api/ec/room/${purchase.roomId}/purchase/reserve`, {
            item_id: purchase.itemId,
            quantity: purchase.quantity,
            client_key: clientKey,
          })
  return call.then((r) => r.order)
}

export const getTimeLimitedPack = (api: ApiClient) =>
  api.get<{ pack: TimeLimitedPack }>('/api/payment/time_limited_pack').then((r) => r.pack)

/** A room's item shop: its config, visible items, the categories and (logged in) purchase logs. */
export async function getEcShop(api: ApiClient, roomUrlKey: string, loggedIn: boolean) {
  const config = await api.get<EcConfig>('/api/ec/room/config', { room_url_key: roomUrlKey })
  const [items, categories, logs] = await Promise.all([
    api.get<{ items: EcItem[] }>(`/api/ec/room/${config.room_id}/items`),
    api.get<{ categories: EcCategory[] }>('/api/ec/categories'),
    loggedIn
      ? api.get<{ logs: EcPurchaseLog[] }>(`/api/ec/room/${config.room_id}/purchase_logs`)
      : Promise.resolve({ logs: [] }),
  ])
  return { config, items: items.items, categories: categories.categories, logs: logs.logs }
}

/** The owner's editor: every item of the room, hidden ones too (403 for anyone else). */
export async function getEcEditor(api: ApiClient, roomUrlKey: string) {
  const config = await api.get<EcConfig>('/api/ec/room/config', { room_url_key: roomUrlKey })
  const [items, categories] = await Promise.all([
    api.get<{ items: EcItem[] }>('/api/ec/room/items_for_owner', { room_id: config.room_id }),
    api.get<{ categories: EcCategory[] }>('/api/ec/categories'),
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
    .postJson<{ item: EcItem }>('/api/ec/room/items', {
      room_id: roomId,
      ...(edit === null ? {} : { item_id: edit.itemId, stock_was: edit.stockWas }),
      ...draft,
    })
    .then((r) => r.item)

/** Hides an item from the shop or shows it again. */
export const setEcItemVisibility = (api: ApiClient, itemId: number, hidden: boolean) =>
  api
    .postJson<{ item: EcItem }>(`/api/ec/room/items/${itemId}/visibility`, {
      is_hidden: hidden ? 1 : 0,
    })
    .then((r) => r.item)
