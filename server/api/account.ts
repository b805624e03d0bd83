import { Hono, type Context } from 'hono'
import {
  FIELD_MESSAGES,
  checkBirthday,
  checkCode,
  checkName,
  checkPassword,
  maskPhone,
  normalizePhone,
} from '../../src/domain/account-rules.ts'
import { stripHidden } from '../../src/domain/text-hygiene.ts'
import type { AppEnv } from '../env.ts'
import { ApiError, messages } from '../errors.ts'
import { readBody } from '../request.ts'
import {
  authMessages,
  findUserByAccountId,
  issueSmsCode,
  redeemSmsCode,
  setPassword,
} from '../services/accounts.ts'
import { createCaptcha, renderCaptcha } from '../services/captcha.ts'
import { avatarUrl } from '../services/current-user.ts'
import { allowAttempt } from '../services/rate-limit.ts'
import { ensureSession, findSession } from '../services/sessions.ts'
import { idString, query, text } from '../validate.ts'
import * as v from 'valibot'

const SMS_LIMIT = { max: 3, windowMs: 10 * 60_000 }

export const accountMessages = {
  birthdaySet: '生年月日は一度登録すると変更できません。変更はお問い合わせください。',
  guardianOnly: '法定代理人の同意は、法定代理人の方の手続きでのみ登録できます。',
} as const

async function requireUser(c: Context<AppEnv>) {
  const session = c.var.session ?? (await findSession(c.var.db, c))
  if (session?.userId == null) throw new ApiError(401, authMessages.loginRequired)
  const user = await c.var.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', session.userId)
    .executeTakeFirst()
  if (!user) throw new ApiError(401, authMessages.loginRequired)
  return user
}

/** Account, profile, captcha, SMS authentication and SMS password reset (SPEC.md §7). */
export function accountRoutes() {
  const api = new Hono<AppEnv>()

  api.get('/captcha', async (c) => {
    const session = await ensureSession(c.var.db, c)
    return c.json({
      captcha_url: await createCaptcha(c.var.db, session.id, {
        fixedWord: c.var.config.captchaFixedWord,
      }),
    })
  })

  const account = async (c: Context<AppEnv>) => {
    const user = await requireUser(c)
    const room = await c.var.db
      .selectFrom('rooms')
      .select('id')
      .where('owner_user_id', '=', user.id)
      .executeTakeFirst()
    return c.json({
      twitter_auth: user.twitter_auth,
      facebook_auth: user.facebook_auth,
      is_room_owner: room !== undefined,
      avatar_url: avatarUrl(user.avatar_id),
      image: avatarUrl(user.avatar_id),
      name: user.name,
      account_id: user.account_id,
      level: user.level,
      gold: user.gold,
      expiring_gold: user.expiring_gold,
      user_id: user.id,
      room_id: room?.id ?? 0,
      birthday: user.birthday,
      is_legal_representative_agreed: user.is_legal_representative_agreed,
      sms_auth: user.sms_auth,
    })
  }
  api.get('/account', account)
  api.get('/account/', account)

  /**
   * Nickname and birthday, from /mypage. The birthday decides the under-18 rules, so it is set
   * once; a change goes through support. The legal representative's agreement is a guardian's
   * to give (through its own flow), never a tick of the minor's own.
   */
  api.post('/account/update', async (c) => {
    const user = await requireUser(c)
    const body = await readBody(c)
    const typed = text(body, 'name', { max: 64, optional: true })
    const name = stripHidden(typed)
    const birthday = text(body, 'birthday', { max: 8, optional: true })
    if (body.is_legal_representative_agreed !== undefined) {
      throw new ApiError(403, accountMessages.guardianOnly, { errorType: 'GUARDIAN_ONLY' })
    }
    if ((typed !== '' || name !== '') && !checkName(name))
      throw new ApiError(400, FIELD_MESSAGES.name, { errorType: 'INVALID_NAME' })
    if (birthday !== '' && !checkBirthday(birthday, Date.now())) {
      throw new ApiError(400, FIELD_MESSAGES.birthday, { errorType: 'INVALID_BIRTHDAY' })
    }
    const setBirthday = birthday !== '' && user.birthday !== Number(birthday)
    if (setBirthday && user.birthday !== null) {
      throw new ApiError(409, accountMessages.birthdaySet, { errorType: 'BIRTHDAY_SET' })
    }
    if (name === '' && !setBirthday) return c.json({ ok: 1 })
    // `birthday is null` again in the update: two saves at once cannot both set it.
    const updated = await c.var.db
      .updateTable('users')
      .set({
        ...(name !== '' ? { name: name.trim() } : {}),
        ...(setBirthday ? { birthday: Number(birthday) } : {}),
      })
      .where('id', '=', user.id)
      .$if(setBirthday, (q) => q.where('birthday', 'is', null))
      .executeTakeFirst()
    if (setBirthday && Number(updated.numUpdatedRows) === 0) {
      throw new ApiError(409, accountMessages.birthdaySet, { errorType: 'BIRTHDAY_SET' })
    }
    return c.json({ ok: 1 })
  })

  api.get('/user/profile', async (c) => {
    const q = query(c, v.object({ user_id: idString, room_id: v.optional(idString) }))
    const session = await findSession(c.var.db, c)
    if (session?.userId == null) throw new ApiError(401, authMessages.loginRequired)
    const user = await c.var.db
      .selectFrom('users')
      .select(['id', 'name', 'avatar_id', 'level'])
      .where('id', '=', q.user_id)
      .executeTakeFirst()
    if (!user) throw new ApiError(404, messages.fetchFailed)
    return c.json({
      user_id: user.id,
      name: user.name,
      avatar_id: user.avatar_id,
      avatar_url: avatarUrl(user.avatar_id),
      image: avatarUrl(user.avatar_id),
      level: user.level,
    })
  })

  // SMS authentication of the logged-in account: a code to the phone, then the code back.
  api.post('/user/sms_auth/send', async (c) => {
    const user = await requireUser(c)
    const phone = normalizePhone(text(await readBody(c), 'phone', { max: 20 }))
    if (!phone) throw new ApiError(400, FIELD_MESSAGES.phone, { errorType: 'INVALID_PHONE' })
    if (!(await allowAttempt(c.var.db, [`sms:user:${user.id}`], SMS_LIMIT))) {
      throw new ApiError(429, 'SMSの送信回数が多すぎます。しばらくしてから再度お試しください。')
    }
    const code = await issueSmsCode(c.var.db, user.id, 'auth', phone)
    await c.var.messages.send({
      channel: 'sms',
      recipient: phone,
      body: `【Kirari】認証コード: ${code}（10分間有効）`,
    })
    return c.json({ ok: 1, phone: maskPhone(phone) })
  })

  api.post('/user/sms_auth/verify', async (c) => {
    const user = await requireUser(c)
    const code = text(await readBody(c), 'code', { max: 6 })
    if (!checkCode(code)) throw new ApiError(400, FIELD_MESSAGES.code)
    const redeemed = await redeemSmsCode(c.var.db, user.id, 'auth', code)
    if (!redeemed) throw new ApiError(400, authMessages.wrongCode, { errorType: 'WRONG_CODE' })
    await c.var.db
      .updateTable('users')
      .set({ sms_auth: true, phone: redeemed.phone })
      .where('id', '=', user.id)
      .execute()
    return c.json({ ok: 1 })
  })

  // Password reset by SMS: the account, a code to its registered phone, then code + new password.
  const resetUser = async (c: Context<AppEnv>) => {
    const accountId = text(await readBody(c), 'account_id', { max: 64 })
    const user = await findUserByAccountId(c.var.db, accountId)
    if (!user?.phone) throw new ApiError(400, authMessages.noPhone, { errorType: 'NO_PHONE' })
    return { ...user, phone: user.phone }
  }

  api.post('/reset_password/start_sms', async (c) => {
    const user = await resetUser(c)
    return c.json({ ok: 1, phone: maskPhone(user.phone) })
  })

  api.post('/reset_password/send_sms', async (c) => {
    const user = await resetUser(c)
    if (!(await allowAttempt(c.var.db, [`sms:user:${user.id}`], SMS_LIMIT))) {
      throw new ApiError(429, 'SMSの送信回数が多すぎます。しばらくしてから再度お試しください。')
    }
    const code = await issueSmsCode(c.var.db, user.id, 'reset', user.phone)
    await c.var.messages.send({
      channel: 'sms',
      recipient: user.phone,
      body: `【Kirari】パスワード再設定コード: ${code}（10分間有効）`,
    })
    return c.json({ ok: 1, phone: maskPhone(user.phone) })
  })

  api.post('/reset_password/auth_sms', async (c) => {
    const user = await resetUser(c)
    const body = await readBody(c)
    const code = text(body, 'code', { max: 6 })
    const password = text(body, 'password', { max: 256 })
    const confirm = text(body, 'password_confirm', { max: 256 })
    if (!checkCode(code)) throw new ApiError(400, FIELD_MESSAGES.code)
    if (!checkPassword(password, user.account_id)) throw new ApiError(400, FIELD_MESSAGES.password)
    if (password !== confirm) throw new ApiError(400, FIELD_MESSAGES.password_confirm)
    if (!(await redeemSmsCode(c.var.db, user.id, 'reset', code))) {
      throw new ApiError(400, authMessages.wrongCode, { errorType: 'WRONG_CODE' })
    }
    await setPassword(c.var.db, user.id, password)
    // Every session of the account ends: whoever knew the old password is logged out.
    await c.var.db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    return c.json({ ok: 1 })
  })

  return api
}

/** `/captcha/{id}.svg`: the picture of a live captcha. */
export function captchaImageRoutes() {
  const api = new Hono<AppEnv>()
  api.get('/:file{[\\w-]+\\.svg}', async (c) => {
    const svg = await renderCaptcha(c.var.db, c.req.param('file').replace(/\.svg$/, ''))
    if (!svg) throw new ApiError(404, messages.notFound)
    c.header('Content-Type', 'image/svg+xml; charset=utf-8')
    c.header('Cache-Control', 'no-store')
    return c.body(svg)
  })
  return api
}
