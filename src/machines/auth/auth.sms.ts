import { assertEvent } from 'xstate'
import { authSetup, failureMessage } from './auth.setup.ts'

/** A failed call: through the shared error handler, and its message into the open modal. */
export const reportAndShow = [
  {
    type: 'reportError',
    params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
  },
  {
    type: 'setError',
    params: ({ event }: { event: { error: unknown } }) => ({
      message: failureMessage(event.error),
    }),
  },
] as const

/** The SMS-authentication modal: a phone number, a code sent to it, the code back. */
export const smsState = authSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'sms.open': {
          target: 'open',
          actions: ['clearError', { type: 'setSmsPhone', params: { phone: null } }],
        },
      },
    },
    open: {
      initial: 'enteringPhone',
      on: { 'sms.close': { target: 'closed', actions: 'clearError' } },
      states: {
        enteringPhone: { on: { 'sms.send': { target: 'sendingCode', actions: 'clearError' } } },
        sendingCode: {
          invoke: {
            id: 'sendSmsCode',
            src: 'sendSmsCode',
            input: ({ event }) => {
              assertEvent(event, 'sms.send')
              return { phone: event.phone }
            },
            onDone: {
              target: 'enteringCode',
              actions: { type: 'setSmsPhone', params: ({ event }) => event.output },
            },
            onError: { target: 'enteringPhone', actions: reportAndShow },
          },
        },
        enteringCode: {
          on: {
            'sms.verify': { target: 'verifying', actions: 'clearError' },
            'sms.send': {
              target: 'sendingCode',
              actions: 'clearError',
              description: 'Send the code again.',
            },
          },
        },
        verifying: {
          invoke: {
            id: 'verifySmsCode',
            src: 'verifySmsCode',
            input: ({ event }) => {
              assertEvent(event, 'sms.verify')
              return { code: event.code }
            },
            onDone: {
              target: '#auth.sms.closed',
              actions: [
                'smsVerified',
                { type: 'notify', params: { tone: 'success', key: 'auth.smsDone' } },
              ],
            },
            onError: { target: 'enteringCode', actions: reportAndShow },
          },
        },
      },
    },
  },
})

/** Logout; the page reloads after it (SPEC.md §4). */
export const sessionState = authSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: { on: { 'logout.request': 'loggingOut' } },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'idle',
          actions: 'reloadPage',
          description: 'SPEC §4: reload after logout.',
        },
        onError: {
          target: 'idle',
          actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})
