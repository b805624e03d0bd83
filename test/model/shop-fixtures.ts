import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import type {
  EcItem,
  Order,
  ShippingAddress,
  ShopPackage,
  ShopPlan,
} from '../../src/domain/shop.ts'

/** Sample shop answers shared by the model, view and unit tests (shapes of src/domain/shop.ts). */
export const shopPackage: ShopPackage = {
  package_id: 1,
  name: 'povo2.0 SIM スターターパック',
  description: 'SIMカードとゴールドのセット',
  image: '/img/shop/package/1.svg',
  is_recommended: true,
  min_price: 1980,
  plan_count: 2,
}

export const shopPlan = (over: Partial<ShopPlan> = {}): ShopPlan => ({
  plan_id: 11,
  package_id: 1,
  name: 'SIM ＋ 1,000ゴールド',
  description: '',
  price: 1980,
  gold: 1000,
  requires_shipping: true,
  image: '/img/shop/plan/11.svg',
  ...over,
})

/** A valid address, as the server stores it. */
export const shippingAddress: ShippingAddress = {
  name: '山田 花子',
  postal_code: '150-0001',
  prefecture: '東京都',
  city: '渋谷区',
  address_line1: '神宮前1-2-3',
  address_line2: '',
  phone: '09012345678',
}

/** An order of plan 11, awaiting payment at the sandbox unless told otherwise. */
export const shopOrder = (over: Partial<Order> = {}): Order => ({
  order_id: 'o_abc',
  kind: 'povo',
  status: 'awaiting_payment',
  title: 'SIM ＋ 1,000ゴールド',
  quantity: 1,
  amount: 1980,
  gold: 1000,
  package_id: 1,
  plan_id: 11,
  room_url_key: null,
  shipping: shippingAddress,
  created_at: 1,
  expires_at: 1801,
  paid_at: null,
  redirect_url: '/payment/sandbox/s1',
  ...over,
})

/** A server's refusal of a shop call, as the API client throws it. */
export const serverError = (
  status: number,
  errorType: string | null = null,
  fieldErrors?: Record<string, string>,
) =>
  new ApiRequestError({
    kind: 'server',
    status,
    message: 'x',
    errorType,
    redirectUrl: null,
    ...(fieldErrors ? { fieldErrors } : {}),
  })

/** A lost connection, as the API client throws it. */
export const lost = (kind: Extract<ApiFailure['kind'], 'network' | 'timeout'>) =>
  new ApiRequestError({ kind, status: null })

/** The item shop's fixtures: an item, the room's shop config, its categories. */
export const ecItem = (over: Partial<EcItem> = {}): EcItem => ({
  item_id: 1,
  room_id: 2,
  category_id: 1,
  category_name: 'グッズ',
  name: 'アクリルスタンド',
  description: '',
  price: 1500,
  stock: 2,
  is_hidden: false,
  image: '/img/ec/item/1.svg',
  sold_count: 0,
  ...over,
})
export const ecConfig = (isOwner: boolean) => ({
  room_id: 2,
  room_url_key: 'demo_liver_room',
  room_name: 'デモルーム',
  is_owner: isOwner,
  sales_available: true,
  is_external_ec: false,
  links: [],
})
export const ecCategories = [{ category_id: 1, name: 'グッズ' }]
