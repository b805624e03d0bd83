import type { ColumnType, Generated } from 'kysely'
import type { OrderKind, OrderStatus, ShippingAddress } from '../../src/domain/shop.ts'
import type { CreatedAt } from './columns.ts'

/** Kysely's view of the shop's tables (migrations 011 and 012); DB in schema.ts extends it. */
export interface ShopTables {
  shop_banners: ShopBannerTable
  shop_packages: ShopPackageTable
  shop_plans: ShopPlanTable
  user_shipping_addresses: UserShippingAddressTable
  time_limited_packs: TimeLimitedPackTable
  user_pack_offers: UserPackOfferTable
  ec_categories: EcCategoryTable
  ec_items: EcItemTable
  orders: OrderTable
  payment_sandbox_sessions: PaymentSandboxSessionTable
}

export interface ShopBannerTable {
  id: number
  title: string
  link_url: string
  color: string
  order_no: number
}

export interface ShopPackageTable {
  id: number
  name: string
  description: string
  color: string
  is_recommended: Generated<boolean>
  order_no: number
}

export interface ShopPlanTable {
  id: number
  package_id: number
  name: string
  description: string
  price: number
  gold: number
  requires_shipping: Generated<boolean>
  color: string
  order_no: number
}

/** The domain's ShippingAddress, one row per user. */
export interface UserShippingAddressTable extends ShippingAddress {
  user_id: number
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface TimeLimitedPackTable {
  id: number
  name: string
  description: string
  price: number
  gold: number
  bonus_gold: number
  offer_hours: number
}

export interface UserPackOfferTable {
  user_id: number
  pack_id: number
  opened_at: CreatedAt
  expires_at: Date
}

export interface EcCategoryTable {
  id: number
  name: string
  order_no: number
}

export interface EcItemTable {
  id: Generated<number>
  room_id: number
  category_id: number
  name: string
  description: string
  price: number
  /** null: no limit. */
  stock: number | null
  is_hidden: Generated<boolean>
  sold_count: Generated<number>
  color: string
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface OrderTable {
  id: string
  user_id: number
  kind: OrderKind
  status: OrderStatus
  title: string
  quantity: number
  amount: number
  gold: number
  plan_id: number | null
  pack_id: number | null
  ec_item_id: number | null
  room_id: number | null
  shipping: ColumnType<ShippingAddress | null, string | null, never>
  client_key: string
  provider: string | null
  provider_session: string | null
  redirect_url: string | null
  created_at: CreatedAt
  updated_at: ColumnType<Date, Date | undefined, Date>
  expires_at: Date
  paid_at: Date | null
}

export type SandboxStatus = 'pending' | 'paid' | 'cancelled' | 'failed'

export interface PaymentSandboxSessionTable {
  id: string
  order_id: string
  title: string
  amount: number
  status: Generated<SandboxStatus>
  created_at: CreatedAt
  decided_at: Date | null
  /** The order's expiry: the buyer cannot decide after it (migration 012). */
  expires_at: Date
}
