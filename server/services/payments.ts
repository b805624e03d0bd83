import type { PaymentProviderName } from '../config.ts'
import type { Db } from '../db/index.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { sandboxProvider } from './payment-sandbox.ts'

/** The provider PAYMENT_PROVIDER names, or null when payments are off. */
export function paymentProvider(name: PaymentProviderName, db: Db): PaymentProvider | null {
  switch (name) {
    case 'sandbox':
      return sandboxProvider(db)
    case 'none':
      return null
  }
}
