import { sql } from 'kysely'
import type { InvoiceAnswer } from '../../../src/contract/invoice.ts'
import {
  invoiceProblems,
  normalInvoiceNumber,
  type InvoiceForm,
} from '../../../src/domain/invoice.ts'
import { stripHidden } from '../../../src/domain/text-hygiene.ts'
import type { Db } from '../../db/index.ts'
import { invalidFields } from '../../errors.ts'

/** Whose registration: the user's own (a liver's) or, for an organizer account, the organizer's. */
export type InvoiceHolder = 'user' | 'organizer'

type Row = { registration_number: string; name: string; address: string; updated_at: Date }

const shape = (row: Row | undefined): InvoiceAnswer => ({
  invoice: row
    ? {
        registration_number: row.registration_number,
        name: row.name,
        address: row.address,
        updated_at: Math.floor(row.updated_at.getTime() / 1000),
      }
    : null,
})

/** `GET …/invoice/init`: the registration as saved, or null. */
export async function getInvoice(
  db: Db,
  userId: number,
  holder: InvoiceHolder,
): Promise<InvoiceAnswer> {
  const row = await db
    .selectFrom('invoice_registrations')
    .select(['registration_number', 'name', 'address', 'updated_at'])
    .where('user_id', '=', userId)
    .where('holder', '=', holder)
    .executeTakeFirst()
  return shape(row)
}

/**
 * `POST …/invoice/update`: the registration saved (made, or replaced) when every field passes
 * the form's rules (src/domain/invoice.ts); otherwise each field's message and nothing stored.
 */
export async function saveInvoice(
  db: Db,
  request: { userId: number; holder: InvoiceHolder; body: InvoiceForm },
): Promise<InvoiceAnswer> {
  const form = {
    registration_number: request.body.registration_number,
    name: stripHidden(request.body.name).trim(),
    address: stripHidden(request.body.address).trim(),
  }
  const problems = invoiceProblems(form)
  if (Object.keys(problems).length > 0) throw invalidFields(problems)
  const values = {
    registration_number: normalInvoiceNumber(form.registration_number),
    name: form.name,
    address: form.address,
  }
  const row = await db
    .insertInto('invoice_registrations')
    .values({ user_id: request.userId, holder: request.holder, ...values })
    .onConflict((oc) =>
      oc.columns(['user_id', 'holder']).doUpdateSet({ ...values, updated_at: sql`now()` }),
    )
    .returning(['registration_number', 'name', 'address', 'updated_at'])
    .executeTakeFirstOrThrow()
  return shape(row)
}
