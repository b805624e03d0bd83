import { Hono, type Context } from 'hono'
import {
  ForgetMailBody,
  LoginBody,
  RegisterBody,
  SignUpBody,
  type AuthAnswer,
} from '../../src/contract/user.ts'
import type { Ok } from '../../src/contract/common.ts'
import { clientAddress, publicOrigin } from '../caller.ts'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { requestLocale } from '../request-locale.ts'
import { authMessages } from '../services/accounts.ts'
import { rotateSession } from '../services/sessions.ts'
import { removeSessionDevices } from '../services/web-push/subscriptions.ts'
import {
  logIn,
  remindAccounts,
  signUp,
  type Caller,
  type SignInOutcome,
} from '../services/sign-in.ts'
import { input } from '../validate.ts'

/** The caller's session (requireCsrf found it), address and captcha options. */
function caller(c: Context<AppEnv>): Caller {
  if (!c.var.session) throw new ApiError(403, authMessages.failed)
  return {
    sessionId: c.var.session.id,
    address: clientAddress(c),
    captcha: { fixedWord: c.var.config.captchaFixedWord },
  }
}

/** The answer to a login or sign-up: a new session for the account, or the error to show. */
async function signedIn(c: Context<AppEnv>, outcome: SignInOutcome) {
  if ('error' in outcome) {
    return c.json({ error: outcome.error, captcha_url: outcome.captchaUrl } satisfies AuthAnswer)
  }
  const next = await rotateSession(c.var.db, c, outcome.userId)
  return c.json({ ok: 1, csrf_token: next.csrfToken } satisfies AuthAnswer)
}

/** Session routes under /user (SPEC.md §7 Session). Credential mistakes answer 200 with `error`. */
export function userRoutes() {
  const api = new Hono<AppEnv>()

  api.post('/login', async (c) => {
    const body = await input(c, LoginBody)
    const outcome = await logIn(c.var.db, caller(c), {
      accountId: body.account_id,
      password: body.password,
      captchaWord: body.captcha_word,
    })
    return signedIn(c, outcome)
  })

  api.post('/logout_api', async (c) => {
    // This browser's Web Push devices go with the login (issue #50): the next person at a
    // shared computer must not get the previous user's notices.
    const session = c.var.session
    if (session && session.userId !== null) await removeSessionDevices(c.var.db, session.id)
    const next = await rotateSession(c.var.db, c, null)
    return c.json({ ok: 1, csrf_token: next.csrfToken } satisfies Ok & AuthAnswer)
  })

  // Both sign-ups (SPEC.md §7): JSON `sign_up`, and the form-encoded `register` with an avatar.
  api.post('/sign_up', async (c) => {
    const body = await input(c, SignUpBody)
    return signedIn(c, await signUp(c.var.db, caller(c), { ...body, avatar_id: '' }))
  })

  api.post('/register', async (c) => {
    const body = await input(c, RegisterBody)
    return signedIn(c, await signUp(c.var.db, caller(c), body))
  })

  // Sends the account id and the way to reset by SMS to the address, if an account has it.
  api.post('/forget_mail_send', async (c) => {
    const { mail_address } = await input(c, ForgetMailBody)
    await remindAccounts(c.var.db, c.var.messages, mail_address, publicOrigin(c), requestLocale(c))
    return c.json({ ok: 1 } satisfies Ok)
  })

  return api
}
