import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type {
  GuardianConsent,
  GuardianConsentAnswer,
  GuardianConsentBody,
} from '../../contract/guardian.ts'
import { failureOf, type Notice, isLoginLost } from '../../domain/api-failure.ts'
import {
  guardianConsentProblems,
  type GuardianConsentField,
  type GuardianConsentForm,
} from '../../domain/guardian-consent.ts'
import { notProvided } from '../not-provided.ts'

export type GuardianConsentErrors = Partial<Record<GuardianConsentField, string>>

export interface GuardianConsentInput {
  /** Where the account was going when the age gate sent it here; home when it came by itself. */
  returnPath: string | null
}

export interface GuardianConsentContext extends GuardianConsentInput {
  /** The form as typed: only typing and ticking change it (never a refusal or a failure). */
  form: GuardianConsentForm
  errors: GuardianConsentErrors
  /** The consent already given (shown instead of the form), or null. */
  consent: GuardianConsent | null
}

export type GuardianConsentEvent =
  | { type: 'consent.change'; field: 'guardian_name' | 'relationship'; value: string }
  | { type: 'consent.check'; agreed: boolean }
  /** 確認へ: checked, then the values to read over. */
  | { type: 'consent.next' }
  /** 修正する: back to the form, everything as typed. */
  | { type: 'consent.back' }
  | { type: 'consent.submit' }
  | { type: 'consent.retry' }

export const EMPTY_CONSENT: GuardianConsentForm = {
  guardian_name: '',
  relationship: '',
  agreed: false,
}
const FIELDS = Object.keys(EMPTY_CONSENT) as GuardianConsentField[]

/** The server's refusals of this form's fields; null when it refused none of them. */
function refusedFields(error: unknown): GuardianConsentErrors | null {
  const failure = failureOf(error)
  if (failure.kind !== 'server' || !failure.fieldErrors) return null
  const errors: GuardianConsentErrors = {}
  for (const field of FIELDS) {
    const message = failure.fieldErrors[field]
    if (message) errors[field] = message
  }
  return Object.keys(errors).length > 0 ? errors : null
}

export const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error })
export const answerParams = ({ event }: { event: { output: GuardianConsentAnswer } }) =>
  event.output

/** The consent page's types, effects by name, actions and guards (the chart is the .machine.ts). */
export const guardianConsentSetup = setup({
  types: {
    context: {} as GuardianConsentContext,
    events: {} as GuardianConsentEvent,
    input: {} as GuardianConsentInput,
  },
  actors: {
    loadConsent: fromPromise<GuardianConsentAnswer>(notProvided('loadConsent')),
    submitConsent: fromPromise<GuardianConsentAnswer, { body: GuardianConsentBody }>(
      notProvided('submitConsent'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => {},
    reportError: (_, _params: { error: unknown }) => {},
    requireLogin: () => {},
    goTo: (_, _params: { path: string }) => {},
    store: assign((_, answer: GuardianConsentAnswer) => ({ consent: answer.consent })),
    edit: assign(({ context, event }) => {
      assertEvent(event, 'consent.change')
      // The field typed in is no longer the one refused.
      const { [event.field]: _fixed, ...errors } = context.errors
      return { form: { ...context.form, [event.field]: event.value }, errors }
    }),
    tick: assign(({ context, event }) => {
      assertEvent(event, 'consent.check')
      const { agreed: _fixed, ...errors } = context.errors
      return { form: { ...context.form, agreed: event.agreed }, errors }
    }),
    checkForm: assign(({ context }) => ({ errors: guardianConsentProblems(context.form) })),
    /** The server's refusals, by their fields (`hasFieldErrors` has just found them). */
    refuseFields: assign((_, { error }: { error: unknown }) => {
      const errors = refusedFields(error)
      return errors === null ? {} : { errors }
    }),
  },
  guards: {
    isAgreed: (_, answer: GuardianConsentAnswer) => answer.is_legal_representative_agreed,
    isUnder13: (_, answer: GuardianConsentAnswer) => answer.is_under_13,
    formInvalid: ({ context }) => Object.keys(guardianConsentProblems(context.form)).length > 0,
    hasFieldErrors: (_, { error }: { error: unknown }) => refusedFields(error) !== null,
    isLoginLost: (_, { error }: { error: unknown }) => isLoginLost(error),
  },
})
