import type { Generated } from 'kysely'

/** Kysely's view of a user's own pages' tables (issue #21: migrations 026–); DB extends it. */
export interface AccountTables {
  invoice_registrations: InvoiceRegistrationTable
  inquiries: InquiryTable
  opinions: OpinionTable
  organizer_applications: OrganizerApplicationTable
  user_avatar_favs: UserAvatarFavTable
  room_backgrounds_state: RoomBackgroundStateTable
  room_background_favs: RoomBackgroundFavTable
  mail_queue: MailQueueTable
}

/** A room's background (migration 030): the one shown (null: none) and whether it stays. */
export interface RoomBackgroundStateTable {
  room_id: number
  current_prize_id: number | null
  is_fixed: Generated<boolean>
  updated_at: Generated<Date>
}

/** A room's favourite background (migration 030): the pool a new live draws from. */
export interface RoomBackgroundFavTable {
  room_id: number
  prize_id: number
  created_at: Generated<Date>
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

/** An avatar a user marked as a favourite (migration 029): a default 0–7 or a prize's id. */
export interface UserAvatarFavTable {
  user_id: number
  avatar_id: number
  created_at: Generated<Date>
}

export interface OpinionTable {
  id: Generated<number>
  user_id: number | null
  body: string
  created_at: Generated<Date>
}

/** An application to become an organizer (migration 031), decided by an operator's command. */
export interface OrganizerApplicationTable {
  id: Generated<number>
  user_id: number
  company_name: string
  contact_name: string
  contact_mail: string
  contact_phone: string
  invoice_number: string | null
  status: Generated<'pending' | 'approved' | 'rejected'>
  created_at: Generated<Date>
  decided_at: Date | null
  decided_note: Generated<string>
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

/** A mail for SMTP (migration 035): queued by a request, sent by services/mail-queue.ts. */
export interface MailQueueTable {
  id: Generated<number>
  recipient: string
  subject: Generated<string>
  body: string
  status: Generated<'queued' | 'sent' | 'failed'>
  attempts: Generated<number>
  last_error: string | null
  next_attempt_at: Generated<Date>
  created_at: Generated<Date>
  sent_at: Date | null
}
