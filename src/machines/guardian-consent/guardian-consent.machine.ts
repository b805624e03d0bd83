import { answerParams, errorParams, guardianConsentSetup } from './guardian-consent.setup.ts'

export type {
  GuardianConsentContext,
  GuardianConsentErrors,
  GuardianConsentEvent,
  GuardianConsentInput,
} from './guardian-consent.setup.ts'
export { EMPTY_CONSENT } from './guardian-consent.setup.ts'

/**
 * `/legal_representative_agreement` (issue #28 point 4, SPEC.md §2/§5): a parent or guardian of a
 * user under 13 gives their name and relationship and agrees; the values are read over, then
 * sent, and the user goes on to the page the age gate held back. Consent already given is shown
 * as it stands; an account that needs none is told so. What was typed survives every refusal.
 */
export const guardianConsentMachine = guardianConsentSetup.createMachine({
  id: 'guardianConsent',
  context: ({ input }) => ({
    ...input,
    form: { guardian_name: '', relationship: '', agreed: false },
    errors: {},
    consent: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConsent',
        src: 'loadConsent',
        onDone: [
          {
            guard: { type: 'isAgreed', params: answerParams },
            target: 'agreed',
            actions: { type: 'store', params: answerParams },
            description: 'Given already: by whom and when, and the way on.',
          },
          {
            guard: { type: 'isUnder13', params: answerParams },
            target: 'editing',
          },
          {
            target: 'notNeeded',
            description: '13 or over (or no birthday yet): nothing to agree to here.',
          },
        ],
        onError: [
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'loadFailed',
            actions: 'requireLogin',
            description: 'Not logged in: the login modal opens.',
          },
          { target: 'loadFailed', actions: { type: 'reportError', params: errorParams } },
        ],
      },
    },
    loadFailed: { on: { 'consent.retry': 'loading' } },
    notNeeded: { description: 'An explanation: the consent is for accounts under 13.' },
    agreed: { description: 'The consent on record: who gave it, when.' },
    editing: {
      on: {
        'consent.change': { actions: 'edit' },
        'consent.check': { actions: 'tick' },
        'consent.next': [
          {
            guard: 'formInvalid',
            actions: 'checkForm',
            description: 'Checked before the review: the messages show by their fields.',
          },
          { target: 'confirming', actions: 'checkForm' },
        ],
      },
    },
    confirming: {
      description: 'The name, the relationship and the agreement to read over, with 修正する.',
      on: {
        'consent.back': 'editing',
        'consent.submit': 'submitting',
      },
    },
    submitting: {
      invoke: {
        id: 'submitConsent',
        src: 'submitConsent',
        input: ({ context }) => ({ body: { ...context.form } }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'store', params: answerParams },
            { type: 'notify', params: { tone: 'success', key: 'guardian.done' } },
            { type: 'goTo', params: ({ context }) => ({ path: context.returnPath ?? '/' }) },
          ],
        },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: errorParams },
            target: 'editing',
            actions: { type: 'refuseFields', params: errorParams },
            description: 'The server refused fields: back to the form, its messages by them.',
          },
          {
            guard: { type: 'isLoginLost', params: errorParams },
            target: 'confirming',
            actions: 'requireLogin',
            description: 'The login has expired: the login modal opens; the values wait.',
          },
          {
            target: 'confirming',
            actions: { type: 'reportError', params: errorParams },
            description:
              'Not recorded (connection, server, refused): the message shows; send again.',
          },
        ],
      },
    },
    done: {
      type: 'final',
      description: 'Recorded: on to the page the age gate held back.',
    },
  },
})
