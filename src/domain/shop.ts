/**
 * The shop as the API answers it (server/services/shop*.ts, orders.ts, ec-items.ts): the povo
 * shop's packages and plans, orders with their state, the time-limited coin pack and a room's
 * item shop. Prices are yen, tax included.
 */

export interface ShopBanner {
  banner_id: number
  title: string
  image: string
  /** A path on our site (`/povo_ec/2`) or an allowed external address. */
  link_url: string
}

export interface ShopPackage {
  package_id: number
  name: string
  description: string
  image: string
  is_recommended: boolean
  /** The cheapest plan's price. */
  min_price: number
  plan_count: number
}

export interface ShopPlan {
  plan_id: number
  package_id: number
  name: string
  description: string
  price: number
  /** Gold credited when the order is paid. */
  gold: number
  /** A SIM card or goods are sent: the checkout asks for a shipping address. */
  requires_shipping: boolean
  image: string
}

/** A shipping address as stored and answered; the server normalises the postal code to 123-4567. */
export interface ShippingAddress {
  name: string
  postal_code: string
  prefecture: string
  city: string
  address_line1: string
  address_line2: string
  phone: string
}

export type ShippingField = keyof ShippingAddress

/** Field name → message (Japanese, from the server). */
export type FieldErrors = Partial<Record<string, string>>

export type OrderStatus =
  'reserved' | 'awaiting_payment' | 'paid' | 'cancelled' | 'failed' | 'expired'

export type OrderKind = 'povo' | 'pack' | 'ec_item'

export interface Order {
  order_id: string
  kind: OrderKind
  status: OrderStatus
  /** What is bought, as the result page and the payment page name it. */
  title: string
  quantity: number
  amount: number
  /** Gold credited on payment (povo plans and coin packs; 0 for room items). */
  gold: number
  package_id: number | null
  plan_id: number | null
  /** Room items: whose shop, for the way back. */
  room_url_key: string | null
  shipping: ShippingAddress | null
  /** Unix seconds. */
  created_at: number
  /** An order not paid by then is expired (unix seconds). */
  expires_at: number
  paid_at: number | null
  /** The provider's payment page while the order awaits payment. */
  redirect_url: string | null
}

/** `/api/payment/time_limited_pack`: the offer of a coin pack that ends at `expires_at`. */
export interface TimeLimitedPack {
  pack_id: number
  name: string
  description: string
  price: number
  gold: number
  bonus_gold: number
  /** Unix seconds. */
  expires_at: number
  remaining_seconds: number
}

export interface EcCategory {
  category_id: number
  name: string
}

export interface EcItem {
  item_id: number
  room_id: number
  category_id: number
  category_name: string
  name: string
  description: string
  price: number
  /** null: no limit. */
  stock: number | null
  is_hidden: boolean
  image: string
  sold_count: number
}

/** `/api/ec/room/config`: SPEC §3 ec_config. */
export interface EcConfig {
  room_id: number
  room_url_key: string
  room_name: string
  is_owner: boolean
  sales_available: boolean
  is_external_ec: boolean
  links: Array<{ title: string; url: string }>
}

export interface EcPurchaseLog {
  order_id: string
  item_id: number
  item_name: string
  quantity: number
  amount: number
  user_name: string
  /** Unix seconds. */
  paid_at: number
}

/** What an owner sends to create (no item_id) or edit an item. */
export interface EcItemDraft {
  name: string
  description: string
  category_id: number
  price: number
  /** null: no limit. */
  stock: number | null
  is_hidden: boolean
}

/** An order that is over: nothing more happens to it. */
export const isSettled = (status: OrderStatus) =>
  status === 'paid' || status === 'cancelled' || status === 'failed' || status === 'expired'

/** At most this many of one room item in one order. */
export const EC_MAX_QUANTITY = 10
