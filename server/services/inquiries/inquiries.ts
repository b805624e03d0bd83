import type { InquiryAnswer, OpinionAnswer } from '../../../src/contract/inquiry.ts'
import {
  INQUIRY_CATEGORIES,
  inquiryProblems,
  opinionProblem,
  type InquiryCategory,
  type InquiryForm,
} from '../../../src/domain/inquiry.ts'
import type { Locale } from '../../../src/domain/locale.ts'
import { stripHidden } from '../../../src/domain/text-hygiene.ts'
import type { Db } from '../../db/index.ts'
import type { Logger } from '../../env.ts'
import { ApiError, invalidFields } from '../../errors.ts'
import { inquiryReceiptMail } from '../mail-templates.ts'
import type { MessageProvider } from '../message-provider.ts'
import { allowAttempt } from '../rate-limit.ts'

/** Per caller address: a person writes a few; a script is stopped. */
export const INQUIRY_LIMIT = { max: 5, windowMs: 60 * 60_000 }
export const OPINION_LIMIT = { max: 10, windowMs: 60 * 60_000 }

export const inquiryMessages = {
  tooMany: '送信が多すぎます。しばらく時間をおいてから再度お試しください。',
} as const

interface Sender {
  userId: number | null
  /** The caller's address (caller.ts clientAddress), for the rate limit. */
  address: string
}

interface Delivery {
  messages: MessageProvider
  supportMail: string
  logger: Logger
}

const clean = (text: string) => stripHidden(text).trim()

/** A mail that did not go out is logged; what was sent is kept all the same. */
async function deliver(delivery: Delivery, mail: { to: string; subject: string; body: string }) {
  try {
    await delivery.messages.send({
      channel: 'mail',
      recipient: mail.to,
      subject: mail.subject,
      body: mail.body,
    })
  } catch (error) {
    delivery.logger.error('inquiry mail failed', { subject: mail.subject, error: String(error) })
  }
}

/**
 * `POST /api/inquiry`: stored when every field passes the form's rules (src/domain/inquiry.ts),
 * then mailed to the operator (in Japanese), and a receipt with its number to the sender in the
 * sender's locale.
 */
export async function sendInquiry(
  db: Db,
  delivery: Delivery,
  request: Sender & { form: InquiryForm; locale: Locale },
): Promise<InquiryAnswer> {
  const form = {
    category: request.form.category,
    name: clean(request.form.name),
    mail_address: request.form.mail_address.trim(),
    body: clean(request.form.body),
  }
  const problems = inquiryProblems(form)
  if (Object.keys(problems).length > 0) throw invalidFields(problems)
  if (!(await allowAttempt(db, [`inquiry:addr:${request.address}`], INQUIRY_LIMIT))) {
    throw new ApiError(429, inquiryMessages.tooMany, { errorType: 'RATE_LIMITED' })
  }
  const row = await db
    .insertInto('inquiries')
    .values({ user_id: request.userId, ...form })
    .returning('id')
    .executeTakeFirstOrThrow()
  const label = INQUIRY_CATEGORIES.find((c) => c.id === form.category)?.label ?? form.category
  const who = form.name || '（お名前なし）'
  await deliver(delivery, {
    to: delivery.supportMail,
    subject: `[お問い合わせ #${row.id}] ${label}`,
    body: [
      `種類: ${label}`,
      `お名前: ${who}`,
      `返信先: ${form.mail_address}`,
      `ユーザーID: ${request.userId ?? '（ログインなし）'}`,
      '',
      form.body,
    ].join('\n'),
  })
  const receipt = inquiryReceiptMail(request.locale, {
    id: row.id,
    name: form.name,
    category: form.category as InquiryCategory,
    body: form.body,
  })
  await deliver(delivery, { to: form.mail_address, ...receipt })
  return { ok: 1, inquiry_id: row.id }
}

/** `POST /api/opinion/create`: an opinion, stored and mailed to the operator (no reply). */
export async function sendOpinion(
  db: Db,
  delivery: Delivery,
  request: Sender & { body: string },
): Promise<OpinionAnswer> {
  const body = clean(request.body)
  const problem = opinionProblem(body)
  if (problem) throw invalidFields({ body: problem })
  if (!(await allowAttempt(db, [`opinion:addr:${request.address}`], OPINION_LIMIT))) {
    throw new ApiError(429, inquiryMessages.tooMany, { errorType: 'RATE_LIMITED' })
  }
  const row = await db
    .insertInto('opinions')
    .values({ user_id: request.userId, body })
    .returning('id')
    .executeTakeFirstOrThrow()
  await deliver(delivery, {
    to: delivery.supportMail,
    subject: `[ご意見 #${row.id}]`,
    body: [`ユーザーID: ${request.userId ?? '（ログインなし）'}`, '', body].join('\n'),
  })
  return { ok: 1 }
}
