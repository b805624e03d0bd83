import type { Selectable } from 'kysely'
import type {
  OrganizerApplication,
  OrganizerApplicationAnswer,
} from '../../../src/contract/organizer-application.ts'
import type { CurrentUser } from '../../../src/domain/api-types.ts'
import {
  normalContactPhone,
  normalOptionalInvoice,
  organizerApplicationProblems,
  type OrganizerApplicationForm,
} from '../../../src/domain/organizer-application.ts'
import { stripHidden } from '../../../src/domain/text-hygiene.ts'
import type { Db } from '../../db/index.ts'
import type { OrganizerApplicationTable } from '../../db/schema-account.ts'
import type { Logger } from '../../env.ts'
import { ApiError, invalidFields } from '../../errors.ts'
import type { MessageProvider } from '../message-provider.ts'
import { allowAttempt } from '../rate-limit.ts'

/** Per user: a person fixes a typo and sends again; a script is stopped. */
export const APPLICATION_LIMIT = { max: 5, windowMs: 60 * 60_000 }

export const organizerApplicationMessages = {
  pending: '主催者のお申し込みは審査中です。結果のご連絡をお待ちください。',
  alreadyOrganizer: 'すでにイベント主催者として登録されています。',
  tooMany: '送信が多すぎます。しばらく時間をおいてから再度お試しください。',
} as const

export interface Delivery {
  messages: MessageProvider
  /** The operator's mailbox (config.supportMail). */
  supportMail: string
  logger: Logger
}

type Row = Selectable<OrganizerApplicationTable>
const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

const shape = (row: Row): OrganizerApplication => ({
  id: row.id,
  status: row.status,
  company_name: row.company_name,
  contact_name: row.contact_name,
  contact_mail: row.contact_mail,
  contact_phone: row.contact_phone,
  invoice_number: row.invoice_number,
  created_at: seconds(row.created_at),
  decided_at: row.decided_at ? seconds(row.decided_at) : null,
  decided_note: row.decided_note,
})

const latest = (db: Db, userId: number) =>
  db
    .selectFrom('organizer_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()

/** A mail that did not go out is logged; the application (or decision) stands all the same. */
async function deliver(delivery: Delivery, mail: { to: string; subject: string; body: string }) {
  try {
    await delivery.messages.send({ channel: 'mail', recipient: mail.to, ...mail })
  } catch (error) {
    delivery.logger.error('organizer mail failed', { subject: mail.subject, error: String(error) })
  }
}

/** `GET /api/organizer/application`: the caller's latest application, or null. */
export async function getApplication(db: Db, userId: number): Promise<OrganizerApplicationAnswer> {
  const [row, user] = await Promise.all([
    latest(db, userId),
    db
      .selectFrom('users')
      .select('is_organizer')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return { application: row ? shape(row) : null, is_organizer: user.is_organizer }
}

/**
 * `POST /api/organizer/application`: stored as pending when every field passes the form's rules
 * and the caller is neither an organizer nor waiting on an earlier one; then mailed to the
 * operator, whose command (docs/running-a-site.md) decides it.
 */
export async function applyAsOrganizer(
  db: Db,
  delivery: Delivery,
  request: { userId: number; form: OrganizerApplicationForm },
): Promise<OrganizerApplicationAnswer> {
  const clean = (text: string) => stripHidden(text).trim()
  const form = {
    company_name: clean(request.form.company_name),
    contact_name: clean(request.form.contact_name),
    contact_mail: request.form.contact_mail.trim(),
    contact_phone: request.form.contact_phone,
    invoice_number: request.form.invoice_number,
  }
  const problems = organizerApplicationProblems(form)
  if (Object.keys(problems).length > 0) throw invalidFields(problems)
  const user = await db
    .selectFrom('users')
    .select(['account_id', 'is_organizer'])
    .where('id', '=', request.userId)
    .executeTakeFirstOrThrow()
  if (user.is_organizer) {
    throw new ApiError(409, organizerApplicationMessages.alreadyOrganizer, {
      errorType: 'ALREADY_ORGANIZER',
    })
  }
  if (
    !(await allowAttempt(db, [`organizer-application:user:${request.userId}`], APPLICATION_LIMIT))
  )
    throw new ApiError(429, organizerApplicationMessages.tooMany, { errorType: 'RATE_LIMITED' })
  const pending = () =>
    new ApiError(409, organizerApplicationMessages.pending, { errorType: 'APPLICATION_PENDING' })
  if ((await latest(db, request.userId))?.status === 'pending') throw pending()
  const values = {
    user_id: request.userId,
    ...form,
    // The rules passed, so both normalise.
    contact_phone: normalContactPhone(form.contact_phone) ?? form.contact_phone,
    invoice_number: normalOptionalInvoice(form.invoice_number),
  }
  // Two sends at once: the partial unique index lets one in; the other is the same 409.
  const row = await db
    .insertInto('organizer_applications')
    .values(values)
    .onConflict((oc) => oc.column('user_id').where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!row) throw pending()
  await deliver(delivery, {
    to: delivery.supportMail,
    subject: `[主催者申請 #${row.id}] ${row.company_name}`,
    body: [
      `アカウントID: ${user.account_id}（ユーザーID ${request.userId}）`,
      `会社名・団体名: ${row.company_name}`,
      `ご担当者: ${row.contact_name}`,
      `メール: ${row.contact_mail}`,
      `電話: ${row.contact_phone}`,
      `インボイス登録番号: ${row.invoice_number ?? '（なし）'}`,
      '',
      `承認: npm run organizer:approve -- ${user.account_id}`,
      `却下: npm run organizer:approve -- ${user.account_id} --reject "理由"`,
    ].join('\n'),
  })
  return { application: shape(row), is_organizer: false }
}

/**
 * The current user's organizer fields (SPEC §3 current-user detail): waiting on an application,
 * and, once an organizer, the name it runs events under (the approved company's; an organizer
 * made before applications existed goes by its nickname).
 */
export async function organizerStanding(
  db: Db,
  user: { id: number; name: string; is_organizer: boolean },
): Promise<Pick<CurrentUser, 'is_evnet_org_pending' | 'organizer_name'>> {
  const row = await db
    .selectFrom('organizer_applications')
    .select(['status', 'company_name'])
    .where('user_id', '=', user.id)
    .where('status', 'in', ['pending', 'approved'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!user.is_organizer)
    return { is_evnet_org_pending: row?.status === 'pending', organizer_name: '' }
  const name = row?.status === 'approved' ? row.company_name : user.name
  return { is_evnet_org_pending: false, organizer_name: name }
}
