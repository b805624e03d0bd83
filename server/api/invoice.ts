import { Hono, type Context } from 'hono'
import { InvoiceBody, type InvoiceAnswer } from '../../src/contract/invoice.ts'
import type { AppEnv } from '../env.ts'
import { requireUserId } from '../request.ts'
import { requireOrganizer } from '../services/events/organizer.ts'
import { getInvoice, saveInvoice, type InvoiceHolder } from '../services/invoices/invoices.ts'
import { input } from '../validate.ts'

/** The caller for `holder`: any signed-in user for their own, an organizer for the organizer's. */
async function caller(c: Context<AppEnv>, holder: InvoiceHolder): Promise<number> {
  const userId = await requireUserId(c)
  if (holder === 'organizer') await requireOrganizer(c.var.db, userId)
  return userId
}

/**
 * SPEC §7 Other: `/api/user/invoice` and `/api/organizer/invoice`, each with `init` (GET: the
 * registration or null) and `update` (POST: saved, or refused field by field).
 */
export function invoiceRoutes() {
  const api = new Hono<AppEnv>()
  for (const holder of ['user', 'organizer'] as const) {
    api.get(`/${holder}/invoice/init`, async (c) => {
      const userId = await caller(c, holder)
      return c.json((await getInvoice(c.var.db, userId, holder)) satisfies InvoiceAnswer)
    })
    api.post(`/${holder}/invoice/update`, async (c) => {
      const userId = await caller(c, holder)
      const body = await input(c, InvoiceBody)
      const answer = await saveInvoice(c.var.db, { userId, holder, body })
      return c.json(answer satisfies InvoiceAnswer)
    })
  }
  return api
}
