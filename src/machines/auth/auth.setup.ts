import { assign, fromPromise, setup } from 'xstate'
import { failureOf, type Notice } from '../../domain/api-failure.ts'
import { notProvided } from '../not-provided.ts'

/** SPEC.md §4: login modal kinds — 1 login, 2 Twitter login stopped, 3 forgotten password. */
export type LoginKind = 1 | 2 | 3

export interface AuthResult {
  ok?: number
  error?: string
  captcha_url?: string
}

/**
 * The server's refusal of a login or a registration (its message); null when it let it through.
 * The guard that keeps the modal open and the toast read it here.
 */
export function refusalOf(result: AuthResult): string | null {
  return typeof result.error === 'string' && result.error !== '' ? result.error : null
}

export interface LoginForm {
  account_id: string
  password: string
  captcha_word: string
}

export interface RegisterForm {
  account_id: string
  password: string
  password_confirm: string
  name: string
  captcha_word: string
  avatar_id: number
}

export interface AuthContext {
  loginKind: LoginKind
  loginCaptchaUrl: string | null
  registerCaptchaUrl: string | null
  /** The message shown inside the open modal; the typed input stays in the form. */
  error: string | null
  /** Where the SMS code went (masked), once sent. */
  smsPhone: string | null
  forgetSent: boolean
  twitterAuth: boolean
  /** The provider whose identity waits for an account_id (issue #28), while that modal is open. */
  socialProvider: SocialProvider | null
}

export type SocialProvider = 'twitter' | 'facebook'

export type AuthEvent =
  | { type: 'login.open'; kind?: LoginKind }
  | { type: 'login.close' }
  | { type: 'login.kind'; kind: LoginKind }
  | { type: 'login.submit'; form: LoginForm }
  | { type: 'forget.submit'; mailAddress: string }
  | { type: 'register.open' }
  | { type: 'register.close' }
  | { type: 'register.submit'; form: RegisterForm }
  | { type: 'captcha.refresh' }
  | { type: 'sms.open' }
  | { type: 'sms.close' }
  | { type: 'sms.send'; phone: string }
  | { type: 'sms.verify'; code: string }
  | { type: 'logout.request' }
  | { type: 'social.callback'; noUser: boolean; error: string | null }
  | { type: 'twitter.linked'; ok: boolean }
  | { type: 'socialSignup.open'; provider: SocialProvider }
  | { type: 'socialSignup.close' }
  | { type: 'socialSignup.submit'; accountId: string }

/** The message a failure carries, for the open modal. */
export function failureMessage(error: unknown): string | null {
  const failure = failureOf(error)
  return failure.kind === 'server' ? failure.message : null
}

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as { twitterAuth: boolean },
  },
  actors: {
    loadCaptcha: fromPromise<string>(notProvided('loadCaptcha')),
    login: fromPromise<AuthResult, LoginForm>(notProvided('login')),
    register: fromPromise<AuthResult, RegisterForm>(notProvided('register')),
    forgetMail: fromPromise<unknown, { mailAddress: string }>(notProvided('forgetMail')),
    sendSmsCode: fromPromise<{ phone: string }, { phone: string }>(notProvided('sendSmsCode')),
    verifySmsCode: fromPromise<unknown, { code: string }>(notProvided('verifySmsCode')),
    logout: fromPromise<unknown>(notProvided('logout')),
    socialSignUp: fromPromise<AuthResult, { provider: SocialProvider; accountId: string }>(
      notProvided('socialSignUp'),
    ),
  },
  actions: {
    reloadPage: () => {},
    notify: (_, _notice: Notice) => {},
    /** The shared handler: the app machine toasts or redirects as SPEC.md §8 says. */
    reportError: (_, _params: { error: unknown }) => {},
    smsVerified: () => {},

    setKind: assign((_, params: { kind: LoginKind }) => ({
      loginKind: params.kind,
      error: null,
      forgetSent: false,
    })),
    setLoginCaptcha: assign((_, url: string) => ({ loginCaptchaUrl: url })),
    setRegisterCaptcha: assign((_, url: string) => ({ registerCaptchaUrl: url })),
    /** A failed answer: its message, and its fresh captcha when it brings one. */
    takeLoginAnswer: assign(({ context }, result: AuthResult) => ({
      error: result.error ?? null,
      loginCaptchaUrl: result.captcha_url ?? context.loginCaptchaUrl,
    })),
    takeRegisterAnswer: assign(({ context }, result: AuthResult) => ({
      error: result.error ?? null,
      registerCaptchaUrl: result.captcha_url ?? context.registerCaptchaUrl,
    })),
    setError: assign((_, params: { message: string | null }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    setSmsPhone: assign((_, params: { phone: string | null }) => ({ smsPhone: params.phone })),
    markForgetSent: assign({ forgetSent: true, error: null }),
    linkTwitter: assign({ twitterAuth: true }),
    setSocialProvider: assign((_, params: { provider: SocialProvider | null }) => ({
      socialProvider: params.provider,
      error: null,
    })),
  },
  guards: {
    isRefused: (_, result: AuthResult) => refusalOf(result) !== null,
    hasNoUser: ({ event }) => event.type === 'social.callback' && event.noUser,
    hasSocialError: ({ event }) => event.type === 'social.callback' && event.error !== null,
    isLinked: ({ event }) => event.type === 'twitter.linked' && event.ok,
  },
})
