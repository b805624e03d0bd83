import * as v from 'valibot'
import { OptionalText, Text } from './common.ts'

/** `POST /user/login` (JSON): the account, its password and the captcha's word. */
export const LoginBody = v.object({
  account_id: Text(64),
  password: Text(256),
  captcha_word: Text(32),
})
export type LoginBody = v.InferInput<typeof LoginBody>

/**
 * A login or sign-up answer (SPEC.md §3): `ok` with the new session's CSRF token, or, for a wrong
 * captcha or password, `error` with a fresh captcha. `no_user` is SHOWROOM's Twitter callback's.
 */
export interface AuthAnswer {
  ok?: 1
  csrf_token?: string
  error?: string
  captcha_url?: string
  no_user?: boolean
}

/**
 * `POST /user/sign_up` (JSON): the account, its password twice, a nickname and the captcha's
 * word. The rules (domain/account-rules.ts signUpProblem) answer with their own messages.
 */
export const SignUpBody = v.object({
  account_id: Text(64),
  password: Text(256),
  password_confirm: Text(256),
  name: Text(64),
  captcha_word: Text(32),
})
export type SignUpBody = v.InferInput<typeof SignUpBody>

/** `POST /user/register` (form): the sign-up with an avatar, 0–7 (a random one when left out). */
export const RegisterBody = v.object({ ...SignUpBody.entries, avatar_id: OptionalText(2) })
export type RegisterBody = v.InferInput<typeof RegisterBody>

/** `POST /user/forget_mail_send` (form): where to send the account id, if an account has it. */
export const ForgetMailBody = v.object({ mail_address: Text(254) })
export type ForgetMailBody = v.InferInput<typeof ForgetMailBody>
