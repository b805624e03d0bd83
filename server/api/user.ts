import { publicOrigin } from '../caller.ts'
import { randomInt } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { FIELD_MESSAGES, checkMail, signUpProblem } from '../../src/domain/account-rules.ts'
import type { AppEnv } from '../env.ts'
import { ApiError } from '../errors.ts'
import { clientAddress } from '../caller.ts'
import { readBody } from '../request.ts'
import { authMessages, checkCredentials, createAccount } from '../services/accounts.ts'
import { consumeCaptcha, createCaptcha } from '../services/captcha.ts'
import { hit, isLimited, resetLimit } from '../services/rate-limit.ts'
import { rotateSession, type Session } from '../services/sessions.ts'
import { text } from '../validate.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'

// Per account 5 a minute; per address more, as many people can share one address (NAT).
const LOGIN_LIMIT_ACCOUNT = { max: 5, windowMs: 60_000 }
const LOGIN_LIMIT_ADDRESS = { max: 20, windowMs: 60_000 }
const SIGN_UP_LIMIT = { max: 10, windowMs: 60 * 60_000 }

function signUpFields(body: Record<string, unknown>) {
  const form = {
    account_id: text(body, 'account_id', { max: 64 }),
    password: text(body, 'password', { max: 256 }),
    password_confirm: text(body, 'password_confirm', { max: 256 }),
    name: stripHidden(text(body, 'name', { max: 64 })),
  }
  const problem = signUpProblem(form)
  if (problem)
    throw new ApiError(400, FIELD_MESSAGES[problem], {
      errorType: `INVALID_${problem.toUpperCase()}`,
    })
  return form
}

/** Session routes under /user (SPEC.md §7 Session). Credential mistakes answer 200 with `error`. */
export function userRoutes() {
  const api = new Hono<AppEnv>()

  const session = (c: { var: { session: Session | null } }) => {
    if (!c.var.session) throw new ApiError(403, authMessages.failed)
    return c.var.session
  }
  const captchaOptions = (c: { var: { config: { captchaFixedWord: string | undefined } } }) => ({
    fixedWord: c.var.config.captchaFixedWord,
  })

  api.post('/login', async (c) => {
    const body = await readBody(c)
    const accountId = text(body, 'account_id', { max: 64 })
    const password = text(body, 'password', { max: 256 })
    const captchaWord = text(body, 'captcha_word', { max: 32 })
    const current = session(c)
    const tooMany = () =>
      new ApiError(429, authMessages.tooManyAttempts, { errorType: 'RATE_LIMITED' })
    // Every attempt counts against the caller's address; against the account only those that
    // passed the captcha, so junk attempts cannot lock its owner out.
    if (!(await hit(c.var.db, `login:address:${clientAddress(c)}`, LOGIN_LIMIT_ADDRESS))) {
      throw tooMany()
    }
    const accountKey = `login:account:${accountId.toLowerCase()}`
    if (await isLimited(c.var.db, accountKey, LOGIN_LIMIT_ACCOUNT)) throw tooMany()
    const retry = async (error: string) =>
      c.json({ error, captcha_url: await createCaptcha(c.var.db, current.id, captchaOptions(c)) })
    if (!(await consumeCaptcha(c.var.db, current.id, captchaWord, captchaOptions(c)))) {
      return retry(authMessages.wrongCaptcha)
    }
    if (!(await hit(c.var.db, accountKey, LOGIN_LIMIT_ACCOUNT))) throw tooMany()
    const userId = await checkCredentials(c.var.db, accountId, password)
    if (userId === null) return retry(authMessages.wrongPassword)
    await resetLimit(c.var.db, accountKey)
    const next = await rotateSession(c.var.db, c, userId)
    return c.json({ ok: 1, csrf_token: next.csrfToken })
  })

  api.post('/logout_api', async (c) => {
    const next = await rotateSession(c.var.db, c, null)
    return c.json({ ok: 1, csrf_token: next.csrfToken })
  })

  /**
   * Both sign-ups (JSON `sign_up` and the form-encoded `register` with an avatar, SPEC.md §7):
   * a per-address limit counted before anything else, then the captcha, then the account.
   */
  const signUp = (withAvatar: boolean) => async (c: Context<AppEnv>) => {
    const body = await readBody(c)
    const form = signUpFields(body)
    const captchaWord = text(body, 'captcha_word', { max: 32 })
    const avatarText = withAvatar ? text(body, 'avatar_id', { max: 2, optional: true }) : ''
    if (avatarText !== '' && !/^[0-7]$/.test(avatarText))
      throw new ApiError(400, 'アバターを選び直してください')
    const current = session(c)
    if (!(await hit(c.var.db, `signup:address:${clientAddress(c)}`, SIGN_UP_LIMIT))) {
      throw new ApiError(429, authMessages.tooManyAttempts, { errorType: 'RATE_LIMITED' })
    }
    if (!(await consumeCaptcha(c.var.db, current.id, captchaWord, captchaOptions(c)))) {
      return c.json({
        error: authMessages.wrongCaptcha,
        captcha_url: await createCaptcha(c.var.db, current.id, captchaOptions(c)),
      })
    }
    const userId = await createAccount(c.var.db, {
      accountId: form.account_id,
      password: form.password,
      name: form.name,
      avatarId: avatarText === '' ? randomInt(8) : Number(avatarText),
    })
    const next = await rotateSession(c.var.db, c, userId)
    return c.json({ ok: 1, csrf_token: next.csrfToken })
  }
  api.post('/sign_up', signUp(false))
  api.post('/register', signUp(true))

  // Sends the account id and the way to reset by SMS to the address, if an account has it.
  // The answer is the same either way, so nobody learns which addresses are registered.
  api.post('/forget_mail_send', async (c) => {
    const mail = text(await readBody(c), 'mail_address', { max: 254 }).trim()
    if (!checkMail(mail)) throw new ApiError(400, FIELD_MESSAGES.mail_address)
    const users = await c.var.db
      .selectFrom('users')
      .select(['account_id', 'name'])
      .where('mail_address', '=', mail)
      .execute()
    const origin = publicOrigin(c)
    for (const user of users) {
      await c.var.messages.send({
        channel: 'mail',
        recipient: mail,
        subject: '【Kirari】アカウント情報のご案内',
        body: `${user.name} 様\n\nアカウントID: ${user.account_id}\n\nパスワードの再設定は次のページから、登録済みの電話番号へのSMSで行えます。\n${origin}/reset_password/sms\n\nお心当たりのない場合は、このメールを破棄してください。`,
      })
    }
    return c.json({ ok: 1 })
  })

  return api
}
