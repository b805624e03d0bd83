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
  /** What the attempt was for (an address, a quantity): another content is another attempt. */
  contents: string
}

const PREFIX = 'kirari_order:'

const errorTypeOf = (error: unknown) => {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.errorType : null
}

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
        ? {
            clientKey: parsed.clientKey,
            orderId: parsed.orderId ?? null,
            contents: parsed.contents ?? '',
          }
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

    /**
     * Reserves the order (once per attempt) and opens its payment at the provider. An attempt
     * whose order is over, or that was for other contents (another address or quantity), is
     * dropped and a new one begins, so "buy again" never lands on an old order.
     */
    async pay(p: Purchase, contents = ''): Promise<Payment> {
      const begin = (): Attempt => {
        const fresh = { clientKey: newKey(), orderId: null, contents }
        write(p, fresh)
        return fresh
      }
      const saved = read(p)
      let attempt = saved && saved.contents === contents ? saved : begin()
      let order = await reserveOrder(api, p, attempt.clientKey).catch((error: unknown) => {
        // The server found the key's order made for other contents: start a new attempt.
        if (errorTypeOf(error) === 'CLIENT_KEY_REUSED') {
          return null
        }
        throw error
      })
      if (order === null || (isSettled(order.status) && attempt === saved)) {
        attempt = begin()
        order = await reserveOrder(api, p, attempt.clientKey)
      }
      if (isSettled(order.status)) {
        write(p, null)
        return { order, redirectUrl: null }
      }
      write(p, { ...attempt, orderId: order.order_id })
      const opened = await reservePayment(api, order.order_id)
      return { order: opened.order, redirectUrl: opened.redirect_url }
    },
  }
}

export type Payments = ReturnType<typeof createPayments>
