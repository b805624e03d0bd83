import * as v from 'valibot'
import type { Account } from '../domain/api-types.ts'
import { Id, OptionalText, Text } from './common.ts'

/** `GET /api/captcha`: a new captcha of the caller's session, as a picture's URL. */
export interface CaptchaAnswer {
  captcha_url: string
}

/** `/captcha/{id}.svg` (a captcha's picture, CaptchaAnswer's URL): the captcha's id. */
export const CaptchaFile = v.pipe(
  v.string(),
  v.regex(/^[\w-]+\.svg$/),
  v.transform((file) => file.slice(0, -'.svg'.length)),
)

/** `GET /api/account/`: SPEC.md §3 account plus what /mypage shows and edits. */
export type AccountAnswer = Account

/**
 * `POST /api/account/update` (form): the nickname and the birthday (YYYYMMDD), each optional
 * ('' changes nothing). The rules (domain/account-rules.ts) answer with their own messages; the
 * legal representative's agreement is a guardian's to give, so sending it at all is a 403.
 */
export const AccountUpdateBody = v.object({
  name: OptionalText(64),
  birthday: OptionalText(8),
  /** Never taken here (403 GUARDIAN_ONLY whatever its value). */
  is_legal_representative_agreed: v.optional(v.unknown()),
})
export type AccountUpdateBody = v.InferInput<typeof AccountUpdateBody>

/** `GET /api/user/profile`: another user as a logged-in caller sees them. */
export const UserProfileQuery = v.object({ user_id: Id, room_id: v.optional(Id) })
export type UserProfileQuery = v.InferInput<typeof UserProfileQuery>

export interface UserProfileAnswer {
  user_id: number
  name: string
  avatar_id: number
  avatar_url: string
  image: string
  level: number
}

/** `POST /api/user/sms_auth/send` (form): the phone to send a code to (its rule: normalizePhone). */
export const SmsSendBody = v.object({ phone: Text(20) })
export type SmsSendBody = v.InferInput<typeof SmsSendBody>

/** A code was sent (or the account's phone is known): the phone, masked. */
export interface PhoneAnswer {
  ok: 1
  phone: string
}

/** `POST /api/user/sms_auth/verify` (form): the six-digit code that was sent. */
export const SmsVerifyBody = v.object({ code: Text(6) })
export type SmsVerifyBody = v.InferInput<typeof SmsVerifyBody>

/** `POST /api/reset_password/start_sms` and `send_sms` (form): the account to reset. */
export const ResetAccountBody = v.object({ account_id: Text(64) })
export type ResetAccountBody = v.InferInput<typeof ResetAccountBody>

/** `POST /api/reset_password/auth_sms` (form): the account, the code and the new password twice. */
export const ResetFinishBody = v.object({
  account_id: Text(64),
  code: Text(6),
  password: Text(256),
  password_confirm: Text(256),
})
export type ResetFinishBody = v.InferInput<typeof ResetFinishBody>
