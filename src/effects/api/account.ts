import { ApiRequestError, failureOf } from '../../domain/api-failure.ts'
import type { Account } from '../../domain/api-types.ts'
import type {
  AccountAnswer,
  AccountUpdateBody,
  CaptchaAnswer,
  PhoneAnswer,
  ResetAccountBody,
  ResetFinishBody,
  SmsSendBody,
  SmsVerifyBody,
} from '../../contract/account.ts'
import type { Ok } from '../../contract/common.ts'
import type {
  AuthAnswer,
  ForgetMailBody,
  LoginBody,
  RegisterBody,
  SignUpBody,
} from '../../contract/user.ts'
import type { ApiClient } from './client.ts'

export type { Account }

/** SPEC.md §8: an HTTP 401/403 on these calls is shown as `message`, whatever the server said. */
async function withAuthMessage<T>(promise: Promise<T>, message: string): Promise<T> {
  try {
    return await promise
  } catch (error) {
    const failure = failureOf(error)
    if (failure.kind === 'server' && (failure.status === 401 || failure.status === 403)) {
      throw new ApiRequestError({ ...failure, message })
    }
    throw error
  }
}

export const getCaptcha = (api: ApiClient) => api.get<CaptchaAnswer>('/api/captcha')

export const login = (
  api: ApiClient,
  body: { account_id: string; password: string; captcha_word: string },
) => api.postJson<AuthAnswer>('/user/login', body satisfies LoginBody)

/** SPEC.md §7: logout is two calls, the second with an empty JSON object. */
export async function logout(api: ApiClient): Promise<void> {
  await withAuthMessage(api.postJson('/user/logout_api'), 'ログアウトに失敗しました')
  api.resetCsrfToken()
  await api.postJson('/user/logout_api', {}).catch(() => undefined)
  api.resetCsrfToken()
}

/** What both sign-ups send (SPEC §7): the account, its password twice, a nickname, the captcha. */
export type { SignUpBody }

export const signUp = (api: ApiClient, body: SignUpBody) =>
  api.postJson<AuthAnswer>('/user/sign_up', body)

/** The form-encoded sign-up, with an avatar (0–7). */
export const register = (api: ApiClient, body: SignUpBody & { avatar_id: number }) =>
  withAuthMessage(
    api.postForm<AuthAnswer>('/user/register', body satisfies RegisterBody),
    '失敗しました。',
  )

export const forgetMailSend = (api: ApiClient, mailAddress: string) =>
  withAuthMessage(
    api.postForm<Ok>('/user/forget_mail_send', {
      mail_address: mailAddress,
    } satisfies ForgetMailBody),
    '失敗しました。',
  )

export const getAccount = (api: ApiClient) =>
  withAuthMessage(api.get<AccountAnswer>('/api/account/'), 'アカウント取得に失敗しました')

export const updateAccount = (api: ApiClient, body: { name?: string; birthday?: string }) =>
  api.postForm<Ok>('/api/account/update', body satisfies AccountUpdateBody)

export const sendSmsAuthCode = (api: ApiClient, phone: string) =>
  api.postForm<PhoneAnswer>('/api/user/sms_auth/send', { phone } satisfies SmsSendBody)

export const verifySmsAuthCode = (api: ApiClient, code: string) =>
  api.postForm<Ok>('/api/user/sms_auth/verify', { code } satisfies SmsVerifyBody)

export const startSmsReset = (api: ApiClient, accountId: string) =>
  api.postForm<PhoneAnswer>('/api/reset_password/start_sms', {
    account_id: accountId,
  } satisfies ResetAccountBody)

export const sendSmsReset = (api: ApiClient, accountId: string) =>
  api.postForm<PhoneAnswer>('/api/reset_password/send_sms', {
    account_id: accountId,
  } satisfies ResetAccountBody)

export const finishSmsReset = (
  api: ApiClient,
  body: { account_id: string; code: string; password: string; password_confirm: string },
) => api.postForm<Ok>('/api/reset_password/auth_sms', body satisfies ResetFinishBody)
