import { ApiRequestError, failureOf } from '../../domain/api-failure.ts'
import type { Account } from '../../domain/api-types.ts'
import type { ApiClient } from './client.ts'

export type { Account }

/** A login or registration answer: done, or an error with a fresh captcha (SPEC.md §3). */
export interface AuthResult {
  ok?: number
  error?: string
  captcha_url?: string
  no_user?: boolean
  csrf_token?: string
}

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

export const getCaptcha = (api: ApiClient) => api.get<{ captcha_url: string }>('/api/captcha')

export const login = (
  api: ApiClient,
  body: { account_id: string; password: string; captcha_word: string },
) => api.postJson<AuthResult>('/user/login', body)

/** SPEC.md §7: logout is two calls, the second with an empty JSON object. */
export async function logout(api: ApiClient): Promise<void> {
  await withAuthMessage(api.postJson('/user/logout_api'), 'ログアウトに失敗しました')
  api.resetCsrfToken()
  await api.postJson('/user/logout_api', {}).catch(() => undefined)
  api.resetCsrfToken()
}

/** What both sign-ups send (SPEC §7): the account, its password twice, a nickname, the captcha. */
// A type, not an interface: a form body must be indexable.
export type SignUpBody = {
  account_id: string
  password: string
  password_confirm: string
  name: string
  captcha_word: string
}

export const signUp = (api: ApiClient, body: SignUpBody) =>
  api.postJson<AuthResult>('/user/sign_up', body)

/** The form-encoded sign-up, with an avatar (0–7). */
export const register = (api: ApiClient, body: SignUpBody & { avatar_id: number }) =>
  withAuthMessage(api.postForm<AuthResult>('/user/register', body), '失敗しました。')

export const forgetMailSend = (api: ApiClient, mailAddress: string) =>
  withAuthMessage(
    api.postForm<{ ok: number }>('/user/forget_mail_send', { mail_address: mailAddress }),
    '失敗しました。',
  )

export const getAccount = (api: ApiClient) =>
  withAuthMessage(api.get<Account>('/api/account/'), 'アカウント取得に失敗しました')

export const updateAccount = (api: ApiClient, body: { name?: string; birthday?: string }) =>
  api.postForm<{ ok: number }>('/api/account/update', body)

export const sendSmsAuthCode = (api: ApiClient, phone: string) =>
  api.postForm<{ ok: number; phone: string }>('/api/user/sms_auth/send', { phone })

export const verifySmsAuthCode = (api: ApiClient, code: string) =>
  api.postForm<{ ok: number }>('/api/user/sms_auth/verify', { code })

export const startSmsReset = (api: ApiClient, accountId: string) =>
  api.postForm<{ ok: number; phone: string }>('/api/reset_password/start_sms', {
    account_id: accountId,
  })

export const sendSmsReset = (api: ApiClient, accountId: string) =>
  api.postForm<{ ok: number; phone: string }>('/api/reset_password/send_sms', {
    account_id: accountId,
  })

export const finishSmsReset = (
  api: ApiClient,
  body: { account_id: string; code: string; password: string; password_confirm: string },
) => api.postForm<{ ok: number }>('/api/reset_password/auth_sms', body)
