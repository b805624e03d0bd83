import * as v from 'valibot'
import { Text } from './common.ts'

/*
 * Invoice registration (SPEC §7 Other): a liver's (`/api/user/invoice`) or an organizer's
 * (`/api/organizer/invoice`) registration as a qualified invoice issuer, each with `init` (GET)
 * and `update` (POST). The rules are src/domain/invoice.ts's, refused field by field
 * (`field_errors`, nothing stored).
 */

/** `POST …/invoice/update`: lengths here only bound the request; the rules say what fits. */
export const InvoiceBody = v.object({
  registration_number: Text(100),
  name: Text(400),
  address: Text(800),
})
export type InvoiceBody = v.InferInput<typeof InvoiceBody>

export interface InvoiceRegistration {
  /** As written on invoices: "T" and 13 digits. */
  registration_number: string
  name: string
  address: string
  /** Unix seconds of the last save. */
  updated_at: number
}

/** `GET …/invoice/init` and the update's answer: the registration, or null when there is none. */
export interface InvoiceAnswer {
  invoice: InvoiceRegistration | null
}
