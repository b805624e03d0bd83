import type { InvoiceHolder } from '../../machines/invoice/invoice.machine.ts'
import { useApp } from '../app-context.tsx'

/** Whose registration the invoice pages show: an organizer account's, or the user's own. */
export function useInvoiceHolder(): InvoiceHolder {
  return useApp((s) => (s.context.user?.is_organizer === true ? 'organizer' : 'user'))
}
