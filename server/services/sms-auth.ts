/**
 * SMS codes (SPEC.md §7): authenticating the logged-in account's phone (a code to the phone,
 * then the code back), and the password reset (the account, a code to its registered phone,
 * then code + new password).
 */
import type { PhoneAnswer } from '../../src/contract/account.ts'
import {
  FIELD_MESSAGES,
  checkCode,
  checkPassword,
  maskPhone,
  normalizePhone,
} from '../../src/domain/account-rules.ts'
import type { Db } from '../db/index.ts'
import { ApiError } from '../errors.ts'
import { accountUser } from './account-profile.ts'
import {
  authMessages,
  findUserByAccountId,
  issueSmsCode,
  redeemSmsCode,
  setPassword,
} from './accounts.ts'
import type { MessageProvider } from './message-provider.ts'
import { allowAttempt } from './rate-limit.ts'

const SMS_LIMIT = { max: 3, windowMs: 10 * 60_000 }
const TOO_MANY_SMS = 'SMSの送信回数が多すぎます。しばらくしてから再度お試しください。'

/** Three codes per account in ten minutes, whichever flow asks. */
async function limitSms(db: Db, userId: number) {
  if (!(await allowAttempt(db, [`sms:user:${userId}`], SMS_LIMIT))) {
    throw new ApiError(429, TOO_MANY_SMS)
  }
}

/** `POST /api/user/sms_auth/send`: a code to `phone` for the caller's account. */
export async function sendAuthCode(
  db: Db,
  sender: MessageProvider,
  userId: number,
  phoneText: string,
): Promise<PhoneAnswer> {
  const user = await accountUser(db, userId)
  const phone = normalizePhone(phoneText)
  if (!phone) throw new ApiError(400, FIELD_MESSAGES.phone, { errorType: 'INVALID_PHONE' })
  await limitSms(db, user.id)
  const code = await issueSmsCode(db, user.id, 'auth', phone)
  await sender.send({
    channel: 'sms',
    recipient: phone,
    body: `【Kirari】認証コード: ${code}（10分間有効）`,
  })
  return { ok: 1, phone: maskPhone(phone) }
}

/** `POST /api/user/sms_auth/verify`: the code back; the account is SMS-authenticated with it. */
export async function verifyAuthCode(db: Db, userId: number, code: string): Promise<void> {
  const user = await accountUser(db, userId)
  if (!checkCode(code)) throw new ApiError(400, FIELD_MESSAGES.code)
  const redeemed = await redeemSmsCode(db, user.id, 'auth', code, async (tx, phone) => {
    await tx.updateTable('users').set({ sms_auth: true, phone }).where('id', '=', user.id).execute()
  })
  if (!redeemed) throw new ApiError(400, authMessages.wrongCode, { errorType: 'WRONG_CODE' })
}

/** The account a reset is for, which must have a phone: 400 NO_PHONE otherwise. */
async function resetUser(db: Db, accountId: string) {
  const user = await findUserByAccountId(db, accountId)
  if (!user?.phone) throw new ApiError(400, authMessages.noPhone, { errorType: 'NO_PHONE' })
  return { ...user, phone: user.phone }
}

/** `POST /api/reset_password/start_sms`: which phone (masked) the code would go to. */
export async function startReset(db: Db, accountId: string): Promise<PhoneAnswer> {
  const user = await resetUser(db, accountId)
  return { ok: 1, phone: maskPhone(user.phone) }
}

/** `POST /api/reset_password/send_sms`: a reset code to the account's registered phone. */
export async function sendResetCode(
  db: Db,
  sender: MessageProvider,
  accountId: string,
): Promise<PhoneAnswer> {
  const user = await resetUser(db, accountId)
  await limitSms(db, user.id)
  const code = await issueSmsCode(db, user.id, 'reset', user.phone)
  await sender.send({
    channel: 'sms',
    recipient: user.phone,
    body: `【Kirari】パスワード再設定コード: ${code}（10分間有効）`,
  })
  return { ok: 1, phone: maskPhone(user.phone) }
}

/**
 * `POST /api/reset_password/auth_sms`: the code and the new password (twice). The code is used,
 * the password set and every session of the account ended in one transaction: whoever knew
 * the old password is logged out, and the devices subscribed in those sessions stop getting
 * its notifications.
 */
export async function finishReset(
  db: Db,
  input: { accountId: string; code: string; password: string; passwordConfirm: string },
): Promise<void> {
  const user = await resetUser(db, input.accountId)
  if (!checkCode(input.code)) throw new ApiError(400, FIELD_MESSAGES.code)
  if (!checkPassword(input.password, user.account_id)) {
    throw new ApiError(400, FIELD_MESSAGES.password)
  }
  if (input.password !== input.passwordConfirm) {
    throw new ApiError(400, FIELD_MESSAGES.password_confirm)
  }
  const redeemed = await redeemSmsCode(db, user.id, 'reset', input.code, async (tx) => {
    await setPassword(tx, user.id, input.password)
    // Their Web Push devices go with them, as at a logout (issue #50): deleting the sessions
    // alone would only unlink the devices, still sending to the browsers logged out.
    await tx
      .deleteFrom('push_subscriptions')
      .where('session_id', 'in', (eb) =>
        eb.selectFrom('sessions').select('id').where('user_id', '=', user.id),
      )
      .execute()
    await tx.deleteFrom('sessions').where('user_id', '=', user.id).execute()
  })
  if (!redeemed) throw new ApiError(400, authMessages.wrongCode, { errorType: 'WRONG_CODE' })
}
