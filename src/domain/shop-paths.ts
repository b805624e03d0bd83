/** Where the shop's pages are, and the time a limited offer has left. */
import type { Order } from './shop.ts'

/** The pages of the povo checkout, in order; each has its own address so a reload resumes there. */
export type CheckoutStep = 'packages' | 'package' | 'plan' | 'shipping' | 'confirm' | 'result'

export interface CheckoutPlace {
  packageId: number | null
  planId: number | null
}

/** The address of a checkout page (the result page is reached from the provider, with its order). */
export function checkoutPath(step: Exclude<CheckoutStep, 'result'>, place: CheckoutPlace): string {
  const pkg = place.packageId === null ? null : `/povo_ec/${place.packageId}`
  const plan = pkg === null || place.planId === null ? null : `${pkg}/${place.planId}`
  switch (step) {
    case 'packages':
      return '/povo_ec'
    case 'package':
      return pkg ?? '/povo_ec'
    case 'plan':
      return plan ?? pkg ?? '/povo_ec'
    case 'shipping':
      return plan ? `${plan}/shipping` : '/povo_ec'
    case 'confirm':
      return plan ? `${plan}/shipping/confirm` : '/povo_ec'
  }
}

/** Where the checkout's back button leads from a step. */
export function previousStep(
  step: CheckoutStep,
  requiresShipping: boolean,
): Exclude<CheckoutStep, 'result'> {
  switch (step) {
    case 'confirm':
      return requiresShipping ? 'shipping' : 'plan'
    case 'shipping':
      return 'plan'
    case 'plan':
      return 'package'
    default:
      return 'packages'
  }
}

/** The result page of an order (the server's state of it shows, whatever the path says). */
export const orderResultPath = (orderId: string) =>
  `/povo_ec/payment/success?order_id=${encodeURIComponent(orderId)}`

/** Where the result page of a settled or open order offers to go on. */
export function orderHomePath(
  order: Pick<Order, 'kind' | 'package_id' | 'plan_id' | 'room_url_key'>,
) {
  if (order.kind === 'pack') return '/payment/time_limited_pack'
  if (order.kind === 'ec_item' && order.room_url_key) {
    return `/r/${encodeURIComponent(order.room_url_key)}/ec_items`
  }
  return checkoutPath(order.plan_id === null ? 'packages' : 'plan', {
    packageId: order.package_id,
    planId: order.plan_id,
  })
}

/** Seconds left of an offer ending at `expiresAt` (unix seconds), never below 0. */
export const secondsLeft = (expiresAt: number, nowMs: number) =>
  Math.max(0, Math.ceil(expiresAt - nowMs / 1000))

/** 23:59:59 style countdown; days are folded into hours. */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}
