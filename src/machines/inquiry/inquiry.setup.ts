import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { InquiryAnswer, InquiryBody, InquiryCategoriesAnswer } from '../../contract/inquiry.ts'
import { failureOf } from '../../domain/api-failure.ts'
import { inquiryProblems, type InquiryField, type InquiryForm } from '../../domain/inquiry.ts'
import { notProvided } from '../not-provided.ts'

/** The inquiry's three steps, each its own address: /inquiry, /inquiry/post, /inquiry/confirm. */
export type InquiryPage = 'category' | 'post' | 'confirm'
export type InquiryErrors = Partial<Record<InquiryField, string>>
export type InquiryCategoryOption = InquiryCategoriesAnswer['categories'][number]

export const INQUIRY_PATHS = {
  category: '/inquiry',
  post: '/inquiry/post',
  confirm: '/inquiry/confirm',
} as const satisfies Record<InquiryPage, string>

/** What the sent inquiry's page shows: its receipt number and where the receipt mail went. */
export interface InquiryReceipt {
  inquiryId: number
  mailAddress: string
}

export interface InquiryContext {
  /** The step whose page is open (each page says so with `inquiry.visit`). */
  page: InquiryPage
  categories: InquiryCategoryOption[]
  /** The draft as typed: only typing and the draft kept in the tab change it, never a refusal. */
  form: InquiryForm
  /** Each refused field's message, from the form's own check or from the server. */
  errors: InquiryErrors
  /** The server's own words for a send it refused as a whole (too many, 429); null: none. */
  failure: string | null
  receipt: InquiryReceipt | null
}

export type InquiryEvent =
  | { type: 'inquiry.visit'; page: InquiryPage }
  | { type: 'inquiry.change'; field: InquiryField; value: string }
  /** The category's or the form's 次へ / 確認画面へ. */
  | { type: 'inquiry.next' }
  /** 修正する: back to the form, the draft as it is. */
  | { type: 'inquiry.fix' }
  | { type: 'inquiry.send' }
  | { type: 'inquiry.retry' }

export const EMPTY_INQUIRY: InquiryForm = { category: '', name: '', mail_address: '', body: '' }
const FIELDS = ['category', 'name', 'mail_address', 'body'] as const satisfies InquiryField[]

/** The server's refusals of this form's fields; null when it refused none of them. */
function refusedFields(error: unknown): InquiryErrors | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server' || !failure.fieldErrors) return null
  const errors: InquiryErrors = {}
  for (const field of FIELDS) {
    const message = failure.fieldErrors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The server's own message for a refusal of the whole send (429), or null. */
function serverMessage(error: unknown): string | null {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.message : null
}

const isBlank = (form: InquiryForm) => FIELDS.every((field) => form[field].trim() === '')
const hasProblems = (form: InquiryForm) => Object.keys(inquiryProblems(form)).length > 0

/**
 * What a page finds on arrival: the review needs a whole draft; without one it is the first step
 * (nothing typed) or the form with its messages. The other pages are the form's own.
 */
export type Arrival = 'start' | 'fix' | 'review' | 'edit'
function arrivalOf(page: InquiryPage, form: InquiryForm): Arrival {
  if (page !== 'confirm') return 'edit'
  if (isBlank(form)) return 'start'
  if (hasProblems(form)) return 'fix'
  return 'review'
}

export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })

/** The inquiry's types, effects by name, actions and guards (the chart is inquiry.machine.ts). */
export const inquirySetup = setup({
  types: {
    context: {} as InquiryContext,
    events: {} as InquiryEvent,
  },
  actors: {
    /** The draft this tab kept (a reload, another step's page), or null. */
    readDraft: fromPromise<InquiryForm | null>(notProvided('readDraft')),
    loadCategories: fromPromise<InquiryCategoriesAnswer>(notProvided('loadCategories')),
    sendInquiry: fromPromise<InquiryAnswer, { body: InquiryBody }>(notProvided('sendInquiry')),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    /** Opens a step's page as a new history entry. */
    goTo: (_, _params: { path: string }) => {},
    /** Replaces a page that cannot be shown with the step that can. */
    redirectTo: (_, _params: { path: string }) => {},
    /** Keeps the draft in the tab, so each step's page and a reload find it. */
    keepDraft: (_, _form: InquiryForm) => {},
    forgetDraft: () => {},
    visit: assign(({ event }) => {
      assertEvent(event, 'inquiry.visit')
      return { page: event.page }
    }),
    /** The draft the tab kept, if any. */
    restore: assign((_, draft: InquiryForm | null) => (draft === null ? {} : { form: draft })),
    storeCategories: assign((_, answer: InquiryCategoriesAnswer) => ({
      categories: answer.categories,
    })),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'inquiry.change')
      // The field typed in is no longer the one refused.
      const { [event.field]: _fixed, ...errors } = context.errors
      return { form: { ...context.form, [event.field]: event.value }, errors }
    }),
    /** The first step checks the category only; the other fields keep their messages. */
    checkCategory: assign(({ context }) => {
      const { category: _old, ...errors } = context.errors
      const { category } = inquiryProblems(context.form)
      return { errors: category === undefined ? errors : { ...errors, category } }
    }),
    checkForm: assign(({ context }) => ({ errors: inquiryProblems(context.form) })),
    /** The server's refusals, by their fields (`hasFieldErrors` has just found them). */
    refuseFields: assign((_, { error }: { error: unknown }) => {
      const errors = refusedFields(error)
      return errors === null ? {} : { errors }
    }),
    holdFailure: assign((_, { error }: { error: unknown }) => ({ failure: serverMessage(error) })),
    clearFailure: assign({ failure: null }),
    /** Sent: the receipt to show, and a fresh form for the next inquiry. */
    receive: assign(({ context }, answer: InquiryAnswer) => ({
      receipt: { inquiryId: answer.inquiry_id, mailAddress: context.form.mail_address.trim() },
      form: EMPTY_INQUIRY,
      errors: {},
      failure: null,
    })),
  },
  guards: {
    /** The page visited (`event`) or the one last visited (`context`) finds this on arrival. */
    arrives: ({ context, event }, params: { at: Arrival; from: 'event' | 'context' }) => {
      if (params.from === 'context') return arrivalOf(context.page, context.form) === params.at
      assertEvent(event, 'inquiry.visit')
      return arrivalOf(event.page, context.form) === params.at
    },
    onPage: ({ context }, params: { page: InquiryPage }) => context.page === params.page,
    visits: ({ event }, params: { page: InquiryPage }) => {
      assertEvent(event, 'inquiry.visit')
      return event.page === params.page
    },
    categoryMissing: ({ context }) => inquiryProblems(context.form).category !== undefined,
    formInvalid: ({ context }) => hasProblems(context.form),
    hasFieldErrors: (_, { error }: { error: unknown }) => refusedFields(error) !== null,
    hasServerMessage: (_, { error }: { error: unknown }) => serverMessage(error) !== null,
  },
})

/** Where a visit to the form leads: the page noted, then its step (see `arrivalOf`). */
export const arrive = [
  {
    guard: { type: 'arrives' as const, params: { at: 'start' as const, from: 'event' as const } },
    target: '#inquiry.editing',
    actions: [
      'visit' as const,
      { type: 'redirectTo' as const, params: { path: INQUIRY_PATHS.category } },
    ],
    description: 'The review without a draft (a new tab, after sending): the first step.',
  },
  {
    guard: { type: 'arrives' as const, params: { at: 'fix' as const, from: 'event' as const } },
    target: '#inquiry.editing',
    actions: [
      'visit' as const,
      'checkForm' as const,
      { type: 'redirectTo' as const, params: { path: INQUIRY_PATHS.post } },
    ],
    description: 'The review of a draft the rules refuse: the form, with its messages.',
  },
  {
    guard: { type: 'arrives' as const, params: { at: 'review' as const, from: 'event' as const } },
    target: '#inquiry.reviewing',
    actions: 'visit' as const,
  },
  { target: '#inquiry.editing', actions: 'visit' as const },
]

/** Past the form (the review, its failure, the receipt): the confirm page stays; any other is the form. */
export const leaveConfirm = [
  {
    guard: { type: 'visits' as const, params: { page: 'confirm' as const } },
    actions: 'visit' as const,
  },
  {
    target: '#inquiry.editing',
    actions: ['visit' as const, 'clearFailure' as const],
    description: 'Browser back (or a link) to another step: the form, the draft as it is.',
  },
]
