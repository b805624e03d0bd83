import { assertEvent, enqueueActions } from 'xstate'
import { authSetup, refusalOf } from './auth.setup.ts'
import { reportAndShow } from './auth.sms.ts'

/**
 * Sign-up through X or Facebook (issue #28): the provider's callback said the identity has no
 * account yet, so the visitor chooses an account_id; the account is made and logged in, then the
 * page reloads (SPEC §4: after signup).
 */
export const socialSignupState = authSetup.createStateConfig({
  initial: 'closed',
  states: {
    closed: {
      on: {
        'socialSignup.open': {
          target: 'open',
          actions: {
            type: 'setSocialProvider',
            params: ({ event }) => ({ provider: event.provider }),
          },
        },
      },
    },
    open: {
      initial: 'idle',
      on: {
        'socialSignup.close': {
          target: 'closed',
          actions: { type: 'setSocialProvider', params: { provider: null } },
        },
      },
      states: {
        idle: { on: { 'socialSignup.submit': { target: 'signingUp', actions: 'clearError' } } },
        signingUp: {
          invoke: {
            id: 'socialSignUp',
            src: 'socialSignUp',
            input: ({ context, event }) => {
              assertEvent(event, 'socialSignup.submit')
              return { provider: context.socialProvider ?? 'twitter', accountId: event.accountId }
            },
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'idle',
                actions: enqueueActions(({ event, enqueue }) => {
                  enqueue({ type: 'setError', params: { message: refusalOf(event.output) } })
                }),
              },
              {
                target: 'succeeded',
                actions: 'reloadPage',
                description: 'Registration through the provider succeeded: reload.',
              },
            ],
            onError: { target: 'idle', actions: reportAndShow },
          },
        },
        succeeded: {},
      },
    },
  },
})
