// The payment provider's interface alone: env.ts, the services and the providers import it
// without importing the providers (payments.ts) or each other.

export type PaymentResult = 'pending' | 'paid' | 'cancelled' | 'failed'

/**
 * Who takes the money for an order. The order service (services/orders.ts) opens a session,
 * sends the browser to its page and later (order-settlement.ts) asks the provider — never the
 * browser — how the session ended; an order becomes paid only on the provider's word.
 *
 * A real provider (a card or carrier-billing gateway) is another implementation of this
 * interface: `createSession` calls the gateway's "create checkout" with return addresses built
 * from `returnBase` (`/povo_ec/payment/success?order_id=…`, `…/cancel`, `…/error`),
 * `getResult` reads the session's state from the gateway's API (its webhook handler calls
 * `settle()` the way the sandbox's form does), and `cancelSession` expires the checkout. Add its
 * name to PAYMENT_PROVIDERS in server/config.ts, its secrets to the config, and return it from
 * `paymentProvider()` in payments.ts.
 */
export interface PaymentProvider {
  readonly name: string
  /**
   * Opens a payment for an order; the browser is sent to redirectUrl. The session must not be
   * payable after `expiresAt` (the order's expiry): a gateway's checkout takes it as its own.
   */
  createSession(order: {
    orderId: string
    title: string
    amount: number
    returnBase: string
    expiresAt: Date
  }): Promise<{ sessionId: string; redirectUrl: string }>
  /** The provider's own word on a session: never the browser's. */
  getResult(sessionId: string): Promise<PaymentResult>
  /** Abandons a session (an order that expired). */
  cancelSession(sessionId: string): Promise<void>
}
