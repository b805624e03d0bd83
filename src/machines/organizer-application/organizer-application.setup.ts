import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  OrganizerApplication,
  OrganizerApplicationAnswer,
  OrganizerApplicationBody,
} from '../../contract/organizer-application.ts'
import { failureOf } from '../../domain/api-failure.ts'
import {
  organizerApplicationProblems,
  type OrganizerApplicationField,
  type OrganizerApplicationForm,
} from '../../domain/organizer-application.ts'
import { notProvided } from '../not-provided.ts'

export type OrganizerApplicationErrors = Partial<Record<OrganizerApplicationField, string>>

export interface OrganizerApplicationContext {
  /** The caller's latest application as the server last answered it (null: none yet). */
  application: OrganizerApplication | null
  isOrganizer: boolean
  /** The form as typed: only typing (and a rejected application's first load) changes it. */
  form: OrganizerApplicationForm
  /** Each refused field's message, from the form's own check or from the server. */
  errors: OrganizerApplicationErrors
  /** The server's own words for a send it refused as a whole (too many, 429); null: none. */
  failure: string | null
}

export type OrganizerApplicationEvent =
  | { type: 'application.change'; field: OrganizerApplicationField; value: string }
  /** 確認画面へ: checked, then the values to read over. */
  | { type: 'application.next' }
  /** 修正する: back to the form, everything as typed. */
  | { type: 'application.back' }
  | { type: 'application.submit' }
  | { type: 'application.retry' }

export const EMPTY_APPLICATION: OrganizerApplicationForm = {
  company_name: '',
  contact_name: '',
  contact_mail: '',
  contact_phone: '',
  invoice_number: '',
}
const FIELDS = Object.keys(EMPTY_APPLICATION) as OrganizerApplicationField[]

/** The server's refusals of this form's fields; null when it refused none of them. */
function refusedFields(error: unknown): OrganizerApplicationErrors | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server' || !failure.fieldErrors) return null
  const errors: OrganizerApplicationErrors = {}
  for (const field of FIELDS) {
    const message = failure.fieldErrors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

const statusOf = (error: unknown) => failureOf(error).status

/** The server's own message for a refusal of the whole send, or null (ours is shown). */
function serverMessage(error: unknown): string | null {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.message : null
}

const isBlank = (form: OrganizerApplicationForm) => FIELDS.every((f) => form[f].trim() === '')

/** A rejected application's values, to correct and send again (`invoice_number` null is ''). */
function formOf(application: OrganizerApplication): OrganizerApplicationForm {
  const { company_name, contact_name, contact_mail, contact_phone } = application
  const invoice_number = application.invoice_number ?? ''
  return { company_name, contact_name, contact_mail, contact_phone, invoice_number }
}

export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The application's types, effects by name, actions and guards (the chart is the .machine.ts). */
export const organizerApplicationSetup = setup({
  types: {
    context: {} as OrganizerApplicationContext,
    events: {} as OrganizerApplicationEvent,
  },
  actors: {
    loadApplication: fromPromise<OrganizerApplicationAnswer>(notProvided('loadApplication')),
    submitApplication: fromPromise<OrganizerApplicationAnswer, { body: OrganizerApplicationBody }>(
      notProvided('submitApplication'),
    ),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    /** The current user again: its `is_evnet_org_pending` has just changed. */
    refreshSession: () => {},
    store: assign((_, answer: OrganizerApplicationAnswer) => ({
      application: answer.application,
      isOrganizer: answer.is_organizer,
    })),
    /** A rejected application fills a blank form; what was typed is never replaced. */
    prefill: assign(({ context }, answer: OrganizerApplicationAnswer) =>
      answer.application !== null && isBlank(context.form)
        ? { form: formOf(answer.application) }
        : {},
    ),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'application.change')
      // The field typed in is no longer the one refused.
      const { [event.field]: _fixed, ...errors } = context.errors
      return { form: { ...context.form, [event.field]: event.value }, errors }
    }),
    checkForm: assign(({ context }) => ({
      errors: organizerApplicationProblems(context.form),
    })),
    /** The server's refusals, by their fields (`hasFieldErrors` has just found them). */
    refuseFields: assign((_, { error }: { error: unknown }) => {
      const errors = refusedFields(error)
      return errors === null ? {} : { errors }
    }),
    holdFailure: assign((_, { error }: { error: unknown }) => ({ failure: serverMessage(error) })),
    clearFailure: assign({ failure: null }),
  },
  guards: {
    isPending: (_, answer: OrganizerApplicationAnswer) =>
      !answer.is_organizer && answer.application?.status === 'pending',
    isOrganizer: (_, answer: OrganizerApplicationAnswer) => answer.is_organizer,
    formInvalid: ({ context }) =>
      Object.keys(organizerApplicationProblems(context.form)).length > 0,
    hasFieldErrors: (_, { error }: { error: unknown }) => refusedFields(error) !== null,
    /** 409: pending already, or an organizer already (another tab, the operator just now). */
    isConflict: (_, { error }: { error: unknown }) => statusOf(error) === 409,
    isLoginLost: (_, { error }: { error: unknown }) => statusOf(error) === 401,
  },
})
