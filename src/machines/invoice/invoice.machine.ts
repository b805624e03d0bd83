import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { InvoiceAnswer, InvoiceBody, InvoiceRegistration } from '../../contract/invoice.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import { invoiceProblems, type InvoiceField, type InvoiceForm } from '../../domain/invoice.ts'
import { notProvided } from '../not-provided.ts'

/** Whose registration: the account's own (a liver's), or an organizer account's. */
export type InvoiceHolder = 'user' | 'organizer'
/** `/invoice` shows the registration; `/invoice/post` edits it. */
export type InvoicePage = 'show' | 'post'
export type InvoiceErrors = Partial<Record<InvoiceField, string>>

export interface InvoiceContext {
  holder: InvoiceHolder
  page: InvoicePage
  /** The registration as the server last answered it (null: none, or not loaded yet). */
  invoice: InvoiceRegistration | null
  /** The form as typed: only typing (and the first load) changes it, never a refusal. */
  form: InvoiceForm
  /** Each refused field's message, from the form's own check or from the server. */
  errors: InvoiceErrors
}

export type InvoiceEvent =
  | { type: 'invoice.change'; field: InvoiceField; value: string }
  | { type: 'invoice.submit' }
  | { type: 'invoice.retry' }

export const EMPTY_INVOICE_FORM: InvoiceForm = { registration_number: '', name: '', address: '' }
const FIELDS = ['registration_number', 'name', 'address'] as const satisfies InvoiceField[]

/** The server's refusals of this form's fields; null when it refused none of them. */
function refusedFields(error: unknown): InvoiceErrors | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server' || !failure.fieldErrors) return null
  const errors: InvoiceErrors = {}
  for (const field of FIELDS) {
    const message = failure.fieldErrors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The form of a registration; an empty one when there is none yet. */
function formOf(invoice: InvoiceRegistration | null): InvoiceForm {
  if (invoice === null) return EMPTY_INVOICE_FORM
  const { registration_number, name, address } = invoice
  return { registration_number, name, address }
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/**
 * `/invoice` and `/invoice/post`: the account's (or the organizer's) qualified invoice issuer
 * registration, shown, or edited and saved; what was typed survives every refusal and failure.
 */
export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    input: {} as { holder: InvoiceHolder; page: InvoicePage },
  },
  actors: {
    loadInvoice: fromPromise<InvoiceAnswer, { holder: InvoiceHolder }>(notProvided('loadInvoice')),
    saveInvoice: fromPromise<InvoiceAnswer, { holder: InvoiceHolder; body: InvoiceBody }>(
      notProvided('saveInvoice'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    goTo: (_, _params: { path: string }) => {},
    store: assign((_, answer: InvoiceAnswer) => ({ invoice: answer.invoice })),
    prefill: assign((_, answer: InvoiceAnswer) => ({ form: formOf(answer.invoice), errors: {} })),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'invoice.change')
      // The field typed in is no longer the one refused.
      const { [event.field]: _fixed, ...errors } = context.errors
      return { form: { ...context.form, [event.field]: event.value }, errors }
    }),
    checkForm: assign(({ context }) => ({ errors: invoiceProblems(context.form) })),
    /** The server's refusals, by their fields (`hasFieldErrors` has just found them). */
    refuseFields: assign((_, { error }: { error: unknown }) => {
      const errors = refusedFields(error)
      return errors === null ? {} : { errors }
    }),
  },
  guards: {
    isPostPage: ({ context }) => context.page === 'post',
    formInvalid: ({ context }) => Object.keys(invoiceProblems(context.form)).length > 0,
    hasFieldErrors: (_, { error }: { error: unknown }) => refusedFields(error) !== null,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    holder: input.holder,
    page: input.page,
    invoice: null,
    form: EMPTY_INVOICE_FORM,
    errors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ holder: context.holder }),
        onDone: [
          {
            guard: 'isPostPage',
            target: 'editing',
            description: 'The form starts from the registration saved, if there is one.',
            actions: [
              { type: 'store', params: ({ event }) => event.output },
              { type: 'prefill', params: ({ event }) => event.output },
            ],
          },
          { target: 'ready', actions: { type: 'store', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
      },
    },
    loadFailed: { on: { 'invoice.retry': 'loading' } },
    ready: { description: '/invoice: registered (with the number) or not yet.' },
    editing: {
      on: {
        'invoice.change': { actions: 'edit' },
        'invoice.submit': [
          {
            guard: 'formInvalid',
            target: 'refused',
            actions: 'checkForm',
            description: 'Checked before it is sent: the messages show by their fields.',
          },
          { target: 'saving', actions: 'checkForm' },
        ],
      },
    },
    saving: {
      invoke: {
        id: 'saveInvoice',
        src: 'saveInvoice',
        input: ({ context }) => ({ holder: context.holder, body: { ...context.form } }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'store', params: ({ event }) => event.output },
            { type: 'notify', params: { tone: 'success', key: 'invoice.saved' } },
            { type: 'goTo', params: { path: '/invoice' } },
          ],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'refused',
            actions: { type: 'refuseFields', params: errorParams },
            description: 'The server refused fields: its messages show by them, the text stays.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'failed',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens; the form waits.',
          },
          { target: 'failed', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    refused: {
      on: {
        'invoice.change': { actions: 'edit' },
        'invoice.submit': [
          { guard: 'formInvalid', target: 'refused', actions: 'checkForm' },
          { target: 'saving', actions: 'checkForm' },
        ],
      },
    },
    failed: {
      description: 'Not saved (connection, server): a banner offers to send the form again.',
      on: {
        'invoice.change': { actions: 'edit' },
        'invoice.submit': [
          { guard: 'formInvalid', target: 'refused', actions: 'checkForm' },
          { target: 'saving', actions: 'checkForm' },
        ],
      },
    },
    saved: { description: 'Saved: the page goes to /invoice, which shows it, with a toast.' },
  },
})
