import type { Generated } from 'kysely'

/** Kysely's view of a user's own pages' tables (issue #21: migrations 026–); DB extends it. */
export interface AccountTables {
  invoice_registrations: InvoiceRegistrationTable
  inquiries: InquiryTable
  opinions: OpinionTable
}

/** An inquiry (migration 028): anyone's, mailed to the operator with a receipt to the sender. */
export interface InquiryTable {
  id: Generated<number>
  user_id: number | null
  category: string
  name: Generated<string>
  mail_address: string
  body: string
  created_at: Generated<Date>
}

export interface OpinionTable {
  id: Generated<number>
  user_id: number | null
  body: string
  created_at: Generated<Date>
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
