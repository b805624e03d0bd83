import { Hono, type Context } from 'hono'
import {
  AccountUpdateBody,
  CaptchaFile,
  ResetAccountBody,
  ResetFinishBody,
  SmsSendBody,
  SmsVerifyBody,
  UserProfileQuery,
  type AccountAnswer,
  type CaptchaAnswer,
  type PhoneAnswer,
  type UserProfileAnswer,
} from '../../src/contract/account.ts'
import type { Ok } from '../../src/contract/common.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { requireUserId } from '../request.ts'
import { accountOf, updateAccount, userProfile } from '../services/account-profile.ts'
import { createCaptcha, renderCaptcha } from '../services/captcha.ts'
import { ensureSession } from '../services/sessions.ts'
import {
  finishReset,
  sendAuthCode,
  sendResetCode,
  startReset,
  verifyAuthCode,
} from '../services/sms-auth.ts'
import { input, pathOr404, query } from '../validate.ts'

/** Account, profile, captcha, SMS authentication and SMS password reset (SPEC.md §7). */
export function accountRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/captcha', async (c) => {
    const session = await ensureSession(c.var.db, c)
    return c.json({
      captcha_url: await createCaptcha(c.var.db, session.id, {
        fixedWord: c.var.config.captchaFixedWord,
      }),
    } satisfies CaptchaAnswer)
  })

  const account = async (c: Context<AppEnv>) =>
    c.json((await accountOf(c.var.db, await requireUserId(c))) satisfies AccountAnswer)
  api.get('/account', account)
  api.get('/account/', account)

  // Nickname and birthday, from /mypage (services/account-profile.ts updateAccount).
  api.post('/account/update', async (c) => {
    const userId = await requireUserId(c)
    const body = await input(c, AccountUpdateBody)
    await updateAccount(c.var.db, userId, {
      name: body.name,
      birthday: body.birthday,
      guardianAgreement: body.is_legal_representative_agreed !== undefined,
    })
    return c.json({ ok: 1 } satisfies Ok)
  })

  api.get('/user/profile', async (c) => {
    const q = query(c, UserProfileQuery)
    await requireUserId(c)
    return c.json((await userProfile(c.var.db, q.user_id)) satisfies UserProfileAnswer)
  })

  // SMS authentication of the logged-in account: a code to the phone, then the code back.
  api.post('/user/sms_auth/send', async (c) => {
    const userId = await requireUserId(c)
    const { phone } = await input(c, SmsSendBody)
    const sent = await sendAuthCode(c.var.db, c.var.messages, userId, phone)
    return c.json(sent satisfies PhoneAnswer)
  })

  api.post('/user/sms_auth/verify', async (c) => {
    const userId = await requireUserId(c)
    const { code } = await input(c, SmsVerifyBody)
    await verifyAuthCode(c.var.db, userId, code)
    return c.json({ ok: 1 } satisfies Ok)
  })

  // Password reset by SMS: the account, a code to its registered phone, then code + new password.
  api.post('/reset_password/start_sms', async (c) => {
    const { account_id } = await input(c, ResetAccountBody)
    return c.json((await startReset(c.var.db, account_id)) satisfies PhoneAnswer)
  })

  api.post('/reset_password/send_sms', async (c) => {
    const { account_id } = await input(c, ResetAccountBody)
    const sent = await sendResetCode(c.var.db, c.var.messages, account_id)
    return c.json(sent satisfies PhoneAnswer)
  })

  api.post('/reset_password/auth_sms', async (c) => {
    const body = await input(c, ResetFinishBody)
    await finishReset(c.var.db, {
      accountId: body.account_id,
      code: body.code,
      password: body.password,
      passwordConfirm: body.password_confirm,
    })
    return c.json({ ok: 1 } satisfies Ok)
  })

  return api
}

/** `/captcha/{id}.svg`: the picture of a live captcha. */
export function captchaImageRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/:file{[\\w-]+\\.svg}', async (c) => {
    const svg = await renderCaptcha(c.var.db, pathOr404(CaptchaFile, c.req.param('file')))
    if (!svg) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', 'image/svg+xml; charset=utf-8')
    c.header('Cache-Control', 'no-store')
    return c.body(svg)
  })
  return api
}
