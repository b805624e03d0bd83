import * as v from 'valibot'
import type {
  Order,
  ShippingAddress,
  ShopBanner,
  ShopPackage,
  ShopPlan,
  TimeLimitedPack,
} from '../domain/shop.ts'
import { FormField, Id, Text } from './common.ts'

/**
 * The key a purchase form makes once (8–64 of A–Z a–z 0–9 _ -): a repeated reserve with it
 * finds the same order instead of making a second.
 */
export const ClientKey = v.pipe(Text(64), v.regex(/^[A-Za-z0-9_-]{8,64}$/))

/** `GET /api/povo_ec/top_banners`. */
export interface ShopBannersAnswer {
  banners: ShopBanner[]
}

/** `GET /api/povo_ec/packages` and `/packages/recommends`. */
export interface PackagesAnswer {
  packages: ShopPackage[]
}

/** `GET /api/povo_ec/packages/{id}/plans`: a package and its plans. */
export interface PackagePlansAnswer {
  package: ShopPackage
  plans: ShopPlan[]
}

/** `GET /api/povo_ec/plans/{id}`: one plan and its package. */
export interface PlanAnswer {
  plan: ShopPlan
  package: ShopPackage
}

/**
 * `POST /api/povo_ec/shipping_address` (JSON): every field is checked by
 * domain/shop-forms.ts checkShippingAddress, which answers per field.
 */
export const ShippingAddressBody = v.object({
  name: FormField,
  postal_code: FormField,
  prefecture: FormField,
  city: FormField,
  address_line1: FormField,
  address_line2: FormField,
  phone: FormField,
})
export type ShippingAddressBody = v.InferInput<typeof ShippingAddressBody>

/** `GET /api/povo_ec/shipping_address`: the saved address, or null. */
export interface ShippingAddressAnswer {
  shipping_address: ShippingAddress | null
}

/** `POST /api/povo_ec/shipping_address`: the address as saved. */
export interface SavedAddressAnswer {
  shipping_address: ShippingAddress
}

/** `POST /api/povo_ec/plans/reserve` (JSON). */
export const PlanReserveBody = v.object({ plan_id: Id, client_key: ClientKey })
export type PlanReserveBody = v.InferInput<typeof PlanReserveBody>

/** `POST /api/payment/time_limited_pack/reserve` (JSON). */
export const PackReserveBody = v.object({ pack_id: Id, client_key: ClientKey })
export type PackReserveBody = v.InferInput<typeof PackReserveBody>

/** An order id as the server makes them: an unknown one is a 404 (the order service's). */
const OrderId = Text(32)

/** `POST /api/povo_ec/payment/reserve` and `/api/payment/confirm` (JSON). */
export const OrderIdBody = v.object({ order_id: OrderId })
export type OrderIdBody = v.InferInput<typeof OrderIdBody>

/** `GET /api/payment/orders/{order_id}`: the path's order id (one that does not fit is a 404). */
export const OrderIdParam = v.object({ order_id: OrderId })

/** An order as the server knows it now (reserves, `GET /api/payment/orders/{id}`, confirm). */
export interface OrderAnswer {
  order: Order
}

/** `POST /api/povo_ec/payment/reserve`: the order and the provider's page to send the browser to. */
export interface PaymentAnswer {
  order: Order
  redirect_url: string
}

/** `GET /api/payment/time_limited_pack`: the offer open to the user now. */
export interface TimeLimitedPackAnswer {
  pack: TimeLimitedPack
}

/** The sandbox payment page's path (`/payment/sandbox/{session_id}`): a session id it made. */
export const SandboxSessionParam = v.object({
  session_id: v.pipe(v.string(), v.regex(/^ps_[A-Za-z0-9_-]{24}$/)),
})

/** The sandbox payment page's form (`POST /payment/sandbox/{session_id}`): the buyer's choice. */
export const SandboxChoiceBody = v.object({ outcome: v.picklist(['pay', 'cancel', 'fail']) })
export type SandboxOutcome = v.InferOutput<typeof SandboxChoiceBody>['outcome']
