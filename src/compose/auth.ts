import { createActor, fromPromise } from 'xstate'
import type { Effects } from './effects.ts'
import type { AppActor } from '../views/app-context.tsx'
import {
  forgetMailSend,
  getCaptcha,
  login,
  logout,
  register,
  sendSmsAuthCode,
  verifySmsAuthCode,
} from '../effects/api/account.ts'
import { forgetThisDevice } from '../effects/web-push.ts'
import { authMachine, type AuthResult } from '../machines/auth/auth.machine.ts'

/**
 * The auth actor (login, registration, SMS authentication) with real effects, started. Loaded
 * when the page is idle or when one of its modals is asked for (src/compose/app.ts), not with the site.
 */
export function startAuth(effects: Effects, app: AppActor, reportError: (error: unknown) => void) {
  return createActor(
    authMachine.provide({
      actors: {
        loadCaptcha: fromPromise(async () => (await getCaptcha(effects.api)).captcha_url),
        login: fromPromise(({ input }) => login(effects.api, input)),
        register: fromPromise(({ input }) => register(effects.api, input)),
        forgetMail: fromPromise(({ input }) => forgetMailSend(effects.api, input.mailAddress)),
        sendSmsCode: fromPromise(({ input }) => sendSmsAuthCode(effects.api, input.phone)),
        verifySmsCode: fromPromise(({ input }) => verifySmsAuthCode(effects.api, input.code)),
        socialSignUp: fromPromise(({ input }) =>
          effects.api.postJson<AuthResult>(`/social/${input.provider}/sign_up`, {
            account_id: input.accountId,
          }),
        ),
        logout: fromPromise(async (): Promise<unknown> => {
          await logout(effects.api)
          await forgetThisDevice()
          return null
        }),
      },
      actions: {
        reloadPage: () => effects.reloadPage(),
        notify: (_, notice) => effects.notify(notice, app.getSnapshot().context.locale),
        reportError: (_, { error }) => reportError(error),
        // The header and the guards read the user from the app: load it again.
        smsVerified: () => app.send({ type: 'session.refresh', nowMs: effects.nowMs() }),
      },
    }),
    {
      input: { twitterAuth: false },
      ...(effects.inspector ? { inspect: effects.inspector.inspect } : {}),
    },
  ).start()
}
