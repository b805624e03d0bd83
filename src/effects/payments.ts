import { failureOf } from '../domain/api-failure.ts'
import { isSettled, type Order } from '../domain/shop.ts'
import type { ApiClient } from './api/client.ts'
import { getOrder, reserveOrder, reservePayment, type Purchase } from './api/shop.ts'

/** What a purchase became: an order, and the provider's page when it awaits payment there. */
export interface Payment {
  order: Order
  /** null when the order is already over (paid, cancelled, failed or expired). */
  redirectUrl: string | null
}

type KeyStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

interface Attempt {
  clientKey: string
  orderId: string | null
}

const PREFIX = 'kirari_order:'

const storeKey = (p: Purchase) =>
  PREFIX +
  (p.kind === 'plan'
    ? `plan:${p.planId}`
    : p.kind === 'pack'
      ? `pack:${p.packId}`
      : `item:${p.roomId}:${p.itemId}`)

/**
 * Purchases through the payment provider. Each purchase keeps its client key in the tab's
 * session storage until its order is over, so a double submit, a retry after a lost answer or a
 * reload in the middle finds the same order on the server instead of making a second one.
 */
export function createPayments(api: ApiClient, store: KeyStore, newKey: () => string) {
  const read = (p: Purchase): Attempt | null => {
    try {
      const parsed = JSON.parse(store.getItem(storeKey(p)) ?? 'null') as Partial<Attempt> | null
      return typeof parsed?.clientKey === 'string'
        ? { clientKey: parsed.clientKey, orderId: parsed.orderId ?? null }
        : null
    } catch {
      return null
    }
  }
  const write = (p: Purchase, attempt: Attempt | null) => {
    try {
      if (attempt === null) store.removeItem(storeKey(p))
      else store.setItem(storeKey(p), JSON.stringify(attempt))
    } catch {
      // Storage may be full or off: the purchase still works, only the reload resume is lost.
    }
  }

  return {
    /** The order of an earlier attempt at this purchase in this tab, as the server knows it now. */
    async openOrder(p: Purchase): Promise<Order | null> {
      const attempt = read(p)
      if (!attempt?.orderId) return null
      try {
        const order = await getOrder(api, attempt.orderId)
        if (isSettled(order.status)) write(p, null)
        return order
      } catch (error) {
        if (failureOf(error).status === 404) {
          write(p, null)
          return null
        }
        throw error
      }
    },

    /** Reserves the order (once per attempt) and opens its payment at the provider. */
    async pay(p: Purchase): Promise<Payment> {
      const attempt = read(p) ?? { clientKey: newKey(), orderId: null }
      write(p, attempt)
      const order = await reserveOrder(api, p, attempt.clientKey)
      if (isSettled(order.status)) {
        write(p, null)
        return { order, redirectUrl: null }
      }
      write(p, { clientKey: attempt.clientKey, orderId: order.order_id })
      const opened = await reservePayment(api, order.order_id)
      return { order: opened.order, redirectUrl: opened.redirect_url }
    },
  }
}

export type Payments = ReturnType<typeof createPayments>
