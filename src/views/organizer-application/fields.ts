import type { ActorRefFrom } from 'xstate'
import type { OrganizerApplicationField } from '../../domain/organizer-application.ts'
import type { organizerApplicationMachine } from '../../machines/organizer-application/organizer-application.machine.ts'

export type ApplicationActor = ActorRefFrom<typeof organizerApplicationMachine>

export interface FieldSpec {
  field: OrganizerApplicationField
  label: string
  autoComplete: string
  type: 'text' | 'email' | 'tel'
  inputMode?: 'text' | 'email' | 'tel'
  hint?: string
  optional?: boolean
}

/** The application's fields in the form's order, with what a phone's keyboard and autofill need. */
export const APPLICATION_FIELDS: readonly FieldSpec[] = [
  {
    field: 'company_name',
    label: 'organizerRegister.company',
    autoComplete: 'organization',
    type: 'text',
  },
  {
    field: 'contact_name',
    label: 'organizerRegister.contactName',
    autoComplete: 'name',
    type: 'text',
  },
  {
    field: 'contact_mail',
    label: 'organizerRegister.contactMail',
    autoComplete: 'email',
    type: 'email',
    inputMode: 'email',
  },
  {
    field: 'contact_phone',
    label: 'organizerRegister.contactPhone',
    autoComplete: 'tel',
    type: 'tel',
    inputMode: 'tel',
    hint: 'organizerRegister.phoneHint',
  },
  {
    field: 'invoice_number',
    label: 'organizerRegister.invoice',
    autoComplete: 'off',
    type: 'text',
    hint: 'organizerRegister.invoiceHint',
    optional: true,
  },
]
