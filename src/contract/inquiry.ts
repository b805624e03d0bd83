import * as v from 'valibot'
import type { InquiryCategory } from '../domain/inquiry.ts'
import { OptionalText, Text } from './common.ts'

/*
 * Inquiries and opinions (SPEC §7 Other: `/api/inquiry` GET and POST, `/api/opinion/create`):
 * anyone may send, signed in or not; the CSRF rule holds. The rules are src/domain/inquiry.ts's,
 * refused field by field (`field_errors`, nothing stored); too many from one address is a 429.
 */

/** `GET /api/inquiry`: the kinds of inquiry, in the form's order. */
export interface InquiryCategoriesAnswer {
  categories: Array<{ id: InquiryCategory; label: string }>
}

/** `POST /api/inquiry`: lengths here only bound the request; the rules say what fits. */
export const InquiryBody = v.object({
  category: Text(40),
  name: OptionalText(400),
  mail_address: Text(400),
  body: Text(20_000),
})
export type InquiryBody = v.InferInput<typeof InquiryBody>

export interface InquiryAnswer {
  ok: 1
  /** The receipt's number, as the mail to the sender says it. */
  inquiry_id: number
}

/** `POST /api/opinion/create`. */
export const OpinionBody = v.object({ body: Text(10_000) })
export type OpinionBody = v.InferInput<typeof OpinionBody>

export interface OpinionAnswer {
  ok: 1
}
