import { checkMail } from './account-rules.ts'

/** What an inquiry is about: the operator's mailbox sorts by it. */
export const INQUIRY_CATEGORIES = [
  { id: 'account', label: 'アカウント・ログイン' },
  { id: 'viewing', label: '配信の視聴・コメント' },
  { id: 'broadcast', label: '配信する（ライバー）' },
  { id: 'gift', label: 'ギフト・ポイント・ガチャ' },
  { id: 'payment', label: 'お支払い・ショップ' },
  { id: 'event', label: 'イベント' },
  { id: 'report', label: '迷惑行為の報告' },
  { id: 'other', label: 'その他' },
] as const
export type InquiryCategory = (typeof INQUIRY_CATEGORIES)[number]['id']

export const INQUIRY_BODY_MAX = 2000
export const INQUIRY_NAME_MAX = 50
export const OPINION_BODY_MAX = 1000

/** An inquiry as its form holds it. */
export interface InquiryForm {
  category: string
  name: string
  mail_address: string
  body: string
}
export type InquiryField = keyof InquiryForm

export const INQUIRY_MESSAGES = {
  category: 'お問い合わせの種類を選んでください。',
  nameLong: `お名前は${INQUIRY_NAME_MAX}文字までです。`,
  mail: '返信先のメールアドレスを正しく入力してください。',
  bodyEmpty: 'お問い合わせ内容を入力してください。',
  bodyLong: `お問い合わせ内容は${INQUIRY_BODY_MAX}文字までです。`,
  opinionEmpty: 'ご意見を入力してください。',
  opinionLong: `ご意見は${OPINION_BODY_MAX}文字までです。`,
} as const

const length = (text: string) => Array.from(text.trim()).length

export const isInquiryCategory = (id: string): id is InquiryCategory =>
  INQUIRY_CATEGORIES.some((c) => c.id === id)

/** What is wrong with an inquiry, field by field (none: it may be sent), for both programs. */
export function inquiryProblems(form: InquiryForm): Partial<Record<InquiryField, string>> {
  const problems: Partial<Record<InquiryField, string>> = {}
  if (!isInquiryCategory(form.category)) problems.category = INQUIRY_MESSAGES.category
  if (length(form.name) > INQUIRY_NAME_MAX) problems.name = INQUIRY_MESSAGES.nameLong
  if (!checkMail(form.mail_address.trim())) problems.mail_address = INQUIRY_MESSAGES.mail
  if (length(form.body) === 0) problems.body = INQUIRY_MESSAGES.bodyEmpty
  else if (length(form.body) > INQUIRY_BODY_MAX) problems.body = INQUIRY_MESSAGES.bodyLong
  return problems
}

/** What is wrong with an opinion's text, or null. */
export function opinionProblem(body: string): string | null {
  if (length(body) === 0) return INQUIRY_MESSAGES.opinionEmpty
  if (length(body) > OPINION_BODY_MAX) return INQUIRY_MESSAGES.opinionLong
  return null
}
