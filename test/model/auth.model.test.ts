import { afterAll, describe, expect, it } from 'vitest'
import { createActor, fromPromise, type EventFromLogic } from 'xstate'
import { ApiRequestError } from '../../src/domain/api-failure.ts'
import { authMachine } from '../../src/machines/auth/auth.machine.ts'
import { coverageLine, walkMachine, type WalkResult } from './graph-walk.ts'

type AuthEvent = EventFromLogic<typeof authMachine>
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as AuthEvent
const failed = (id: string) =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new ApiRequestError({
      kind: 'server',
      status: 400,
      message: '失敗しました。',
      errorType: null,
      redirectUrl: null,
    }),
  }) as unknown as AuthEvent

const loginForm = { account_id: 'demo_viewer', password: 'kirari-demo', captcha_word: 'abcde' }
const registerForm = { ...loginForm, password_confirm: 'kirari-demo', name: 'x', avatar_id: 3 }

const events: AuthEvent[] = [
  { type: 'login.open' },
  { type: 'login.open', kind: 3 },
  { type: 'login.close' },
  { type: 'login.kind', kind: 2 },
  { type: 'login.submit', form: loginForm },
  { type: 'forget.submit', mailAddress: 'a@b.jp' },
  { type: 'register.open' },
  { type: 'register.close' },
  { type: 'register.submit', form: registerForm },
  { type: 'captcha.refresh' },
  { type: 'sms.open' },
  { type: 'sms.close' },
  { type: 'sms.send', phone: '09012345678' },
  { type: 'sms.verify', code: '123456' },
  { type: 'logout.request' },
  { type: 'social.callback', noUser: true, error: null },
  { type: 'social.callback', noUser: false, error: 'x' },
  { type: 'social.callback', noUser: false, error: 'Facebook接続に失敗しました' },
  { type: 'social.callback', noUser: false, error: null },
  { type: 'twitter.linked', ok: true },
  { type: 'twitter.linked', ok: false },
  { type: 'socialSignup.open', provider: 'twitter' },
  { type: 'socialSignup.close' },
  { type: 'socialSignup.submit', accountId: 'x_new' },
  done('loadLoginCaptcha', '/captcha/a.svg'),
  failed('loadLoginCaptcha'),
  done('login', { ok: 1 }),
  done('login', {
    error: 'アカウントIDまたはパスワードが正しくありません',
    captcha_url: '/captcha/b.svg',
  }),
  failed('login'),
  done('forgetMail', { ok: 1 }),
  failed('forgetMail'),
  done('loadRegisterCaptcha', '/captcha/c.svg'),
  failed('loadRegisterCaptcha'),
  done('register', { ok: 1 }),
  done('register', { error: '画像認証の文字が正しくありません', captcha_url: '/captcha/d.svg' }),
  failed('register'),
  done('sendSmsCode', { phone: '090****5678' }),
  failed('sendSmsCode'),
  done('verifySmsCode', { ok: 1 }),
  failed('verifySmsCode'),
  done('logout', null),
  failed('logout'),
  done('socialSignUp', { ok: 1 }),
  done('socialSignUp', { error: 'このアカウントIDは既に使われています' }),
  failed('socialSignUp'),
]

const results: WalkResult[] = []
afterAll(() => {
  for (const r of results) console.log(coverageLine(r))
})

describe('auth machine graph', () => {
  it('reaches every state and transition; a refused login keeps the modal open with a new captcha', () => {
    const result = walkMachine(authMachine, {
      input: { twitterAuth: false },
      events,
      key: (s) => ({ value: s.value, kind: s.context.loginKind }),
      invariant: (from, event, to) => {
        const type = event.type as string
        if (type === 'xstate.done.actor.login' && from.matches({ login: { open: 'loggingIn' } })) {
          const output = (event as unknown as { output: { error?: string; captcha_url?: string } })
            .output
          if (output.error) {
            expect(to.matches({ login: { open: 'idle' } })).toBe(true)
            expect(to.context.error).toBe(output.error)
            expect(to.context.loginCaptchaUrl).toBe(output.captcha_url)
          } else {
            expect(to.matches({ login: { open: 'succeeded' } })).toBe(true)
          }
        }
        if (type === 'social.callback' && (event as { noUser?: boolean }).noUser) {
          expect(to.matches({ login: 'open' })).toBe(true)
        }
        if (
          type === 'xstate.done.actor.verifySmsCode' &&
          from.matches({ sms: { open: 'verifying' } })
        ) {
          expect(to.matches({ sms: 'closed' })).toBe(true)
        }
        if (
          type === 'xstate.done.actor.socialSignUp' &&
          from.matches({ socialSignup: { open: 'signingUp' } })
        ) {
          const output = (event as unknown as { output: { error?: string } }).output
          expect(to.matches({ socialSignup: { open: output.error ? 'idle' : 'succeeded' } })).toBe(
            true,
          )
          if (output.error) expect(to.context.error).toBe(output.error)
        }
        // Closing a modal clears its message.
        const modal = type.endsWith('.close') ? type.slice(0, -'.close'.length) : null
        if (modal && from.matches({ [modal]: 'open' })) {
          expect(to.matches({ [modal]: 'closed' })).toBe(true)
          expect(to.context.error).toBeNull()
        }
      },
    })
    results.push(result)
    expect(result.states.missing).toEqual([])
    expect(result.transitions.missing).toEqual([])
  }, 60_000)
})

describe('auth machine effects', () => {
  it('reloads after a login, and reports a failed logout through the shared handler', async () => {
    const calls: string[] = []
    const actor = createActor(
      authMachine.provide({
        actors: {
          loadCaptcha: fromPromise(() => Promise.resolve('/captcha/x.svg')),
          login: fromPromise(({ input }) =>
            Promise.resolve(
              input.password === 'ok' ? { ok: 1 } : { error: 'ng', captcha_url: '/captcha/y.svg' },
            ),
          ),
          logout: fromPromise(() => Promise.reject(new Error('offline'))),
        },
        actions: {
          reloadPage: () => calls.push('reload'),
          notify: (_, n) => calls.push(`notify:${'text' in n ? n.text : n.key}`),
          reportError: () => calls.push('reportError'),
        },
      }),
      { input: { twitterAuth: false } },
    ).start()
    const settle = () => new Promise((r) => setTimeout(r, 0))
    actor.send({ type: 'login.open' })
    await settle()
    expect(actor.getSnapshot().context.loginCaptchaUrl).toBe('/captcha/x.svg')
    actor.send({
      type: 'login.submit',
      form: { account_id: 'a', password: 'bad', captcha_word: 'w' },
    })
    await settle()
    expect(actor.getSnapshot().context.loginCaptchaUrl).toBe('/captcha/y.svg')
    expect(calls).toEqual(['notify:ng'])
    actor.send({
      type: 'login.submit',
      form: { account_id: 'a', password: 'ok', captcha_word: 'w' },
    })
    await settle()
    expect(calls).toEqual(['notify:ng', 'reload'])
    actor.send({ type: 'logout.request' })
    await settle()
    expect(calls).toEqual(['notify:ng', 'reload', 'reportError'])
  })

  it("shows §8's Facebook message after a failed callback, and nothing the address made up", () => {
    const shown: unknown[] = []
    const actor = createActor(
      authMachine.provide({ actions: { notify: (_, notice) => shown.push(notice) } }),
      { input: { twitterAuth: false } },
    ).start()
    actor.send({ type: 'social.callback', noUser: false, error: 'Facebookログインに失敗しました' })
    actor.send({ type: 'social.callback', noUser: false, error: '当選しました！こちらへ' })
    expect(shown).toEqual([
      { tone: 'error', text: 'Facebookログインに失敗しました' },
      { tone: 'error', key: 'L_ERROR_MESSAGE_SYSTEM_ERROR' },
    ])
  })
})
