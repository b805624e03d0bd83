import type { Generated } from 'kysely'

/** Kysely's view of a user's own pages' tables (issue #21: migrations 026–); DB extends it. */
export interface AccountTables {
  invoice_registrations: InvoiceRegistrationTable
}

/** A qualified invoice issuer registration (migration 026): a user's own, or their organizer's. */
export interface InvoiceRegistrationTable {
  user_id: number
  holder: 'user' | 'organizer'
  registration_number: string
  name: string
  address: string
  updated_at: Generated<Date>
}
