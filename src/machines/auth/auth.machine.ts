import { assertEvent, enqueueActions } from 'xstate'
import { shownSocialFailure } from '../../contract/social.ts'
import { authSetup, refusalOf } from './auth.setup.ts'
import { reportAndShow, sessionState, smsState } from './auth.sms.ts'
import { socialSignupState } from './auth.social.ts'

export type {
  AuthContext,
  AuthEvent,
  LoginKind,
  LoginForm,
  SocialProvider,
  RegisterForm,
  AuthResult,
} from './auth.setup.ts'

/** Login, registration and SMS-authentication modals, logout, and the social callbacks (SPEC.md §4). */
export const authMachine = authSetup.createMachine({
  id: 'auth',
  type: 'parallel',
  context: ({ input }) => ({
    loginKind: 1,
    loginCaptchaUrl: null,
    registerCaptchaUrl: null,
    error: null,
    smsPhone: null,
    forgetSent: false,
    twitterAuth: input.twitterAuth,
    socialProvider: null,
  }),
  on: {
    'social.callback': [
      {
        guard: 'hasNoUser',
        target: '.login.open',
        description: 'SPEC §4: a Twitter callback with no_user opens the login modal.',
        actions: { type: 'setKind', params: { kind: 1 } },
      },
      {
        guard: 'hasSocialError',
        description:
          "Callback failures show SPEC §8's Facebook message, or the generic system error (X's).",
        actions: {
          type: 'notify',
          params: ({ event }) => {
            const shown = shownSocialFailure(event.error)
            return shown === null
              ? { tone: 'error' as const, key: 'L_ERROR_MESSAGE_SYSTEM_ERROR' }
              : { tone: 'error' as const, text: shown }
          },
        },
      },
      { description: 'Registration through Twitter succeeded: reload.', actions: 'reloadPage' },
    ],
    'twitter.linked': [
      {
        guard: 'isLinked',
        actions: 'linkTwitter',
        description: 'SPEC §4: a successful link sets twitter_auth.',
      },
      { actions: 'reloadPage', description: 'SPEC §4: a failed link reloads the page.' },
    ],
  },
  states: {
    login: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'login.open': {
              target: 'open',
              actions: { type: 'setKind', params: ({ event }) => ({ kind: event.kind ?? 1 }) },
            },
          },
        },
        open: {
          initial: 'loadingCaptcha',
          on: {
            'login.close': { target: 'closed', actions: 'clearError' },
            'login.kind': {
              target: '.idle',
              actions: { type: 'setKind', params: ({ event }) => ({ kind: event.kind }) },
            },
          },
          states: {
            loadingCaptcha: {
              invoke: {
                id: 'loadLoginCaptcha',
                src: 'loadCaptcha',
                onDone: {
                  target: 'idle',
                  actions: { type: 'setLoginCaptcha', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: reportAndShow },
              },
            },
            idle: {
              on: {
                'login.submit': { target: 'loggingIn', actions: 'clearError' },
                'forget.submit': { target: 'sendingForget', actions: 'clearError' },
                'captcha.refresh': 'loadingCaptcha',
              },
            },
            loggingIn: {
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ event }) => {
                  assertEvent(event, 'login.submit')
                  return event.form
                },
                onDone: [
                  {
                    guard: { type: 'isRefused', params: ({ event }) => event.output },
                    target: 'idle',
                    description:
                      'Wrong word or password: the message, a new captcha, the typed input kept.',
                    actions: [
                      { type: 'takeLoginAnswer', params: ({ event }) => event.output },
                      // The server's message (`isRefused` has just found one).
                      enqueueActions(({ event, enqueue }) => {
                        const text = refusalOf(event.output)
                        if (text !== null)
                          enqueue({ type: 'notify', params: { tone: 'error', text } })
                      }),
                    ],
                  },
                  {
                    target: 'succeeded',
                    actions: 'reloadPage',
                    description: 'SPEC §4: reload after login.',
                  },
                ],
                onError: { target: 'idle', actions: reportAndShow },
              },
            },
            sendingForget: {
              invoke: {
                id: 'forgetMail',
                src: 'forgetMail',
                input: ({ event }) => {
                  assertEvent(event, 'forget.submit')
                  return { mailAddress: event.mailAddress }
                },
                onDone: {
                  target: 'idle',
                  actions: [
                    'markForgetSent',
                    { type: 'notify', params: { tone: 'success', key: 'auth.forgetSent' } },
                  ],
                },
                onError: { target: 'idle', actions: reportAndShow },
              },
            },
            succeeded: {},
          },
        },
      },
    },
    register: {
      initial: 'closed',
      states: {
        closed: { on: { 'register.open': { target: 'open', actions: 'clearError' } } },
        open: {
          initial: 'loadingCaptcha',
          on: { 'register.close': { target: 'closed', actions: 'clearError' } },
          states: {
            loadingCaptcha: {
              invoke: {
                id: 'loadRegisterCaptcha',
                src: 'loadCaptcha',
                onDone: {
                  target: 'idle',
                  actions: { type: 'setRegisterCaptcha', params: ({ event }) => event.output },
                },
                onError: { target: 'idle', actions: reportAndShow },
              },
            },
            idle: {
              on: {
                'register.submit': { target: 'registering', actions: 'clearError' },
                'captcha.refresh': 'loadingCaptcha',
              },
            },
            registering: {
              invoke: {
                id: 'register',
                src: 'register',
                input: ({ event }) => {
                  assertEvent(event, 'register.submit')
                  return event.form
                },
                onDone: [
                  {
                    guard: { type: 'isRefused', params: ({ event }) => event.output },
                    target: 'idle',
                    actions: [
                      { type: 'takeRegisterAnswer', params: ({ event }) => event.output },
                      // The server's message (`isRefused` has just found one).
                      enqueueActions(({ event, enqueue }) => {
                        const text = refusalOf(event.output)
                        if (text !== null)
                          enqueue({ type: 'notify', params: { tone: 'error', text } })
                      }),
                    ],
                  },
                  {
                    target: 'succeeded',
                    actions: 'reloadPage',
                    description: 'SPEC §4: reload after signup.',
                  },
                ],
                onError: {
                  target: 'loadingCaptcha',
                  description: 'The captcha was used up by the attempt: fetch a new one.',
                  actions: reportAndShow,
                },
              },
            },
            succeeded: {},
          },
        },
      },
    },
    sms: smsState,
    session: sessionState,
    socialSignup: socialSignupState,
  },
})
