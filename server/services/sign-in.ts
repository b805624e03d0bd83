/**
 * Login, both sign-ups and the account reminder mail (SPEC.md §7 Session). Credential mistakes
 * are answers (`error` with a fresh captcha), not errors; the route starts the new session.
 */
import { randomInt } from 'node:crypto'
import { FIELD_MESSAGES, checkMail, signUpProblem } from '../../src/domain/account-rules.ts'
import { DEFAULT_LOCALE, type Locale } from '../../src/domain/locale.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { authMessages, checkCredentials, createAccount } from './accounts.ts'
import { consumeCaptcha, createCaptcha, type CaptchaOptions } from './captcha.ts'
import { accountReminderMail } from './mail-templates.ts'
import type { MessageProvider } from './message-provider.ts'
import { hit, isLimited, resetLimit } from './rate-limit.ts'

// Per account 5 a minute; per address more, as many people can share one address (NAT).
const LOGIN_LIMIT_ACCOUNT = { max: 5, windowMs: 60_000 }
const LOGIN_LIMIT_ADDRESS = { max: 20, windowMs: 60_000 }
const SIGN_UP_LIMIT = { max: 10, windowMs: 60 * 60_000 }

/** Who is asking: their session (for the captcha), their address and the captcha's options. */
export interface Caller {
  sessionId: string
  address: string
  captcha: CaptchaOptions
}

/** The account to start a session for, or what to tell the user with a fresh captcha. */
export type SignInOutcome = { userId: number } | { error: string; captchaUrl: string }

const tooMany = () => new ApiError(429, authMessages.tooManyAttempts, { errorType: 'RATE_LIMITED' })

const retry = async (db: Db, caller: Caller, error: string): Promise<SignInOutcome> => ({
  error,
  captchaUrl: await createCaptcha(db, caller.sessionId, caller.captcha),
})

/**
 * `POST /user/login`. Every attempt counts against the caller's address; against the account
 * only those that passed the captcha, so junk attempts cannot lock its owner out.
 */
export async function logIn(
  db: Db,
  caller: Caller,
  input: { accountId: string; password: string; captchaWord: string },
): Promise<SignInOutcome> {
  if (!(await hit(db, `login:address:${caller.address}`, LOGIN_LIMIT_ADDRESS))) throw tooMany()
  const accountKey = `login:account:${input.accountId.toLowerCase()}`
  if (await isLimited(db, accountKey, LOGIN_LIMIT_ACCOUNT)) throw tooMany()
  if (!(await consumeCaptcha(db, caller.sessionId, input.captchaWord, caller.captcha))) {
    return retry(db, caller, authMessages.wrongCaptcha)
  }
  if (!(await hit(db, accountKey, LOGIN_LIMIT_ACCOUNT))) throw tooMany()
  const userId = await checkCredentials(db, input.accountId, input.password)
  if (userId === null) return retry(db, caller, authMessages.wrongPassword)
  await resetLimit(db, accountKey)
  return { userId }
}

/** A sign-up form as sent: the rules of domain/account-rules.ts decide, with their messages. */
export interface SignUpForm {
  account_id: string
  password: string
  password_confirm: string
  name: string
  captcha_word: string
  /** `register`'s avatar, '0'–'7'; '' (or a JSON sign-up) draws one. */
  avatar_id: string
}

/**
 * Both sign-ups (JSON `sign_up` and the form-encoded `register` with an avatar): the form's
 * rules, a per-address limit counted before anything else is looked up, then the captcha, then
 * the account.
 */
export async function signUp(db: Db, caller: Caller, form: SignUpForm): Promise<SignInOutcome> {
  const fields = { ...form, name: stripHidden(form.name) }
  const problem = signUpProblem(fields)
  if (problem) {
    throw new ApiError(400, FIELD_MESSAGES[problem], {
      errorType: `INVALID_${problem.toUpperCase()}`,
    })
  }
  if (form.avatar_id !== '' && !/^[0-7]$/.test(form.avatar_id)) {
    throw new ApiError(400, 'アバターを選び直してください')
  }
  if (!(await hit(db, `signup:address:${caller.address}`, SIGN_UP_LIMIT))) {
    throw new ApiError(429, authMessages.tooManyAttempts, { errorType: 'RATE_LIMITED' })
  }
  if (!(await consumeCaptcha(db, caller.sessionId, form.captcha_word, caller.captcha))) {
    return retry(db, caller, authMessages.wrongCaptcha)
  }
  const userId = await createAccount(db, {
    accountId: fields.account_id,
    password: fields.password,
    name: fields.name,
    avatarId: form.avatar_id === '' ? randomInt(8) : Number(form.avatar_id),
  })
  return { userId }
}

/**
 * `POST /user/forget_mail_send`: the account id and the way to reset by SMS, to the address if
 * an account has it, in the caller's locale. The answer is the same either way, so nobody learns
 * which addresses are registered.
 */
export async function remindAccounts(
  db: Db,
  sender: MessageProvider,
  mailAddress: string,
  origin: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<void> {
  const mail = mailAddress.trim()
  if (!checkMail(mail)) throw new ApiError(400, FIELD_MESSAGES.mail_address)
  const users = await db
    .selectFrom('users')
    .select(['account_id', 'name'])
    .where('mail_address', '=', mail)
    .execute()
  for (const user of users) {
    const { subject, body } = accountReminderMail(
      locale,
      { name: user.name, accountId: user.account_id },
      origin,
    )
    await sender.send({ channel: 'mail', recipient: mail, subject, body })
  }
}
