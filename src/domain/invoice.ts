/**
 * A Japanese qualified invoice issuer's registration number (適格請求書発行事業者登録番号):
 * "T" and 13 digits, whose first digit checks the other twelve as a corporate number's does
 * (法人番号; a sole proprietor's number is made the same way). Written on invoices as
 * "T1234567890123"; people type it with full-width letters and digits, spaces or hyphens.
 */

/** The check digit for a number's twelve base digits (the 13-digit number's last 12). */
export function invoiceCheckDigit(base: string): number {
  let sum = 0
  // From the lowest digit: odd places weigh 1, even places 2.
  for (let i = 0; i < 12; i++) {
    const digit = Number(base[base.length - 1 - i])
    sum += digit * (i % 2 === 0 ? 1 : 2)
  }
  return 9 - (sum % 9)
}

/** The number as written: NFKC (full-width T and digits), no spaces or hyphens, upper-case T. */
export const normalInvoiceNumber = (raw: string): string =>
  raw
    .normalize('NFKC')
    .replace(/[\s\-‐－ー−]/g, '')
    .replace(/^t/, 'T')

export const INVOICE_NUMBER_MESSAGES = {
  empty: '登録番号を入力してください。',
  format: '登録番号は T と13桁の数字で入力してください。',
  checkDigit: '登録番号が正しくありません。番号をお確かめください。',
} as const

/** What is wrong with a registration number, or null (after normalInvoiceNumber). */
export function invoiceNumberProblem(raw: string): string | null {
  const number = normalInvoiceNumber(raw)
  if (number === '') return INVOICE_NUMBER_MESSAGES.empty
  if (!/^T\d{13}$/.test(number)) return INVOICE_NUMBER_MESSAGES.format
  const check = Number(number[1])
  return invoiceCheckDigit(number.slice(2)) === check ? null : INVOICE_NUMBER_MESSAGES.checkDigit
}

/** The registration as a form holds it (the number as typed; normalised when saved). */
export interface InvoiceForm {
  registration_number: string
  name: string
  address: string
}
export type InvoiceField = keyof InvoiceForm

export const INVOICE_NAME_MAX = 100
export const INVOICE_ADDRESS_MAX = 200

export const INVOICE_FIELD_MESSAGES = {
  nameEmpty: '氏名または名称を入力してください。',
  nameLong: `氏名または名称は${INVOICE_NAME_MAX}文字までです。`,
  addressEmpty: '住所を入力してください。',
  addressLong: `住所は${INVOICE_ADDRESS_MAX}文字までです。`,
} as const

/** What is wrong with a registration, field by field (none: it may be saved), for both programs. */
export function invoiceProblems(form: InvoiceForm): Partial<Record<InvoiceField, string>> {
  const problems: Partial<Record<InvoiceField, string>> = {}
  const number = invoiceNumberProblem(form.registration_number)
  if (number) problems.registration_number = number
  const name = form.name.trim()
  if (name === '') problems.name = INVOICE_FIELD_MESSAGES.nameEmpty
  else if (Array.from(name).length > INVOICE_NAME_MAX)
    problems.name = INVOICE_FIELD_MESSAGES.nameLong
  const address = form.address.trim()
  if (address === '') problems.address = INVOICE_FIELD_MESSAGES.addressEmpty
  else if (Array.from(address).length > INVOICE_ADDRESS_MAX)
    problems.address = INVOICE_FIELD_MESSAGES.addressLong
  return problems
}
