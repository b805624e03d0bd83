import * as v from 'valibot'
import { OptionalText, Text } from './common.ts'

/*
 * The organizer application (issue #21 point 7; a Kirari call: SHOWROOM's is not public). A
 * signed-in user who is not an organizer applies once; it stays pending (the current user's
 * `is_evnet_org_pending`) until an operator approves or rejects it with
 * `npm run organizer:approve` (docs/running-a-site.md). The rules are src/domain/organizer-application.ts's,
 * refused field by field (`field_errors`, nothing stored).
 */

/** `POST /api/organizer/application`: lengths here only bound the request; the rules say what fits. */
export const OrganizerApplicationBody = v.object({
  company_name: Text(400),
  contact_name: Text(200),
  contact_mail: Text(400),
  contact_phone: Text(100),
  invoice_number: OptionalText(100),
})
export type OrganizerApplicationBody = v.InferInput<typeof OrganizerApplicationBody>

export type OrganizerApplicationStatus = 'pending' | 'approved' | 'rejected'

/** An application as its applicant sees it (values as stored: trimmed, normalised). */
export interface OrganizerApplication {
  id: number
  status: OrganizerApplicationStatus
  company_name: string
  contact_name: string
  contact_mail: string
  /** Digits only. */
  contact_phone: string
  /** "T" and 13 digits, or null when none was given. */
  invoice_number: string | null
  /** Unix seconds. */
  created_at: number
  /** Unix seconds of the operator's decision; null while pending. */
  decided_at: number | null
  /** The operator's reason for a rejection ('' otherwise). */
  decided_note: string
}

/**
 * `GET /api/organizer/application` and the POST's answer: the caller's latest application
 * (pending, approved, or the last rejected one), or null when they never applied.
 */
export interface OrganizerApplicationAnswer {
  application: OrganizerApplication | null
  /** The caller runs events already (approved, or made an organizer before applications). */
  is_organizer: boolean
}
