import type { InvoiceAnswer, InvoiceBody } from '../../contract/invoice.ts'
import type { InvoiceHolder } from '../../machines/invoice/invoice.machine.ts'
import type { ApiClient } from './client.ts'

/** `GET /api/{user|organizer}/invoice/init`: the holder's registration, or null. */
export const getInvoice = (api: ApiClient, holder: InvoiceHolder) =>
  api.get<InvoiceAnswer>(`/api/${holder}/invoice/init`)

/**
 * `POST /api/{user|organizer}/invoice/update` (JSON): saved, or a 400 with `field_errors` (the
 * number goes as typed: the server normalises it, by the same rule the form checked).
 */
export const updateInvoice = (api: ApiClient, holder: InvoiceHolder, body: InvoiceBody) =>
  api.postJson<InvoiceAnswer>(`/api/${holder}/invoice/update`, body satisfies InvoiceBody)
