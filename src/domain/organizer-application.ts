import { checkMail } from './account-rules.ts'
import { invoiceNumberProblem, normalInvoiceNumber } from './invoice.ts'

/**
 * An application to become an event organizer (issue #21 point 7): who the company is, who to
 * contact, and optionally its qualified invoice number (whose rules are invoice.ts's, not ours).
 * One set of rules for the form and the server, so both say the same thing per field.
 */
export interface OrganizerApplicationForm {
  company_name: string
  contact_name: string
  contact_mail: string
  contact_phone: string
  /** Optional: '' is none; anything else must be a valid registration number. */
  invoice_number: string
}
export type OrganizerApplicationField = keyof OrganizerApplicationForm

export const ORGANIZER_COMPANY_MAX = 100
export const ORGANIZER_CONTACT_MAX = 50

export const ORGANIZER_APPLICATION_MESSAGES = {
  companyEmpty: '会社名・団体名を入力してください。',
  companyLong: `会社名・団体名は${ORGANIZER_COMPANY_MAX}文字までです。`,
  contactEmpty: 'ご担当者名を入力してください。',
  contactLong: `ご担当者名は${ORGANIZER_CONTACT_MAX}文字までです。`,
  mail: 'ご連絡先のメールアドレスを正しく入力してください。',
  phone: '電話番号を数字で正しく入力してください（例: 03-1234-5678）。',
} as const

const length = (text: string) => Array.from(text.trim()).length

/**
 * A Japanese phone number as digits (landlines too: an office's number is the usual contact),
 * from what people type: full-width digits, hyphens, spaces, brackets, or +81. Null: not one.
 */
export function normalContactPhone(raw: string): string | null {
  const digits = raw.normalize('NFKC').replace(/[\s\-‐−ー()（）]/g, '')
  const local = digits.startsWith('+81') ? `0${digits.slice(3)}` : digits
  return /^0\d{9,10}$/.test(local) ? local : null
}

/** The invoice number as stored: null when none was given, else "T" and 13 digits. */
export const normalOptionalInvoice = (raw: string): string | null =>
  raw.trim() === '' ? null : normalInvoiceNumber(raw)

/** What is wrong with an application, field by field (none: it may be sent), for both programs. */
export function organizerApplicationProblems(
  form: OrganizerApplicationForm,
): Partial<Record<OrganizerApplicationField, string>> {
  const problems: Partial<Record<OrganizerApplicationField, string>> = {}
  const m = ORGANIZER_APPLICATION_MESSAGES
  if (length(form.company_name) === 0) problems.company_name = m.companyEmpty
  else if (length(form.company_name) > ORGANIZER_COMPANY_MAX) problems.company_name = m.companyLong
  if (length(form.contact_name) === 0) problems.contact_name = m.contactEmpty
  else if (length(form.contact_name) > ORGANIZER_CONTACT_MAX) problems.contact_name = m.contactLong
  if (!checkMail(form.contact_mail.trim())) problems.contact_mail = m.mail
  if (normalContactPhone(form.contact_phone) === null) problems.contact_phone = m.phone
  if (form.invoice_number.trim() !== '') {
    const invoice = invoiceNumberProblem(form.invoice_number)
    if (invoice) problems.invoice_number = invoice
  }
  return problems
}
