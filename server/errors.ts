/** SPEC.md §8: every error answer is `{ errors: [{ error_user_msg, error_type?, redirect_url? }] }`. */
export interface ErrorEntry {
  error_user_msg: string
  error_type?: string
  /** SHOWROOM's numeric error code, where its clients test one (1005: SMS authentication). */
  code?: number
  redirect_url?: string
}

export interface ErrorBody {
  errors: [ErrorEntry, ...ErrorEntry[]]
  /** Form validation: field name → message, shown beside each field. */
  field_errors?: Record<string, string>
}

export interface ErrorExtra {
  errorType?: string
  code?: number
  redirectUrl?: string
  fieldErrors?: Record<string, string>
}

export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503

export const messages = {
  invalidParameter: 'パラメータが不正です',
  invalidJson: 'リクエストの形式が正しくありません',
  refusedCharacter: '使用できない文字（NUL）が含まれています',
  idempotencyKeyInvalid: 'Idempotency-Key の形式が正しくありません（1〜255 文字の英数記号）',
  idempotencyKeyRunning: '同じ操作を処理しています。しばらくしてから結果をご確認ください',
  idempotencyKeyReused: 'この Idempotency-Key は別の操作に使われています',
  idempotencyKeyEffected: 'この操作は完了しています。画面を更新して結果をご確認ください',
  bodyTooLarge: 'リクエストが大きすぎます',
  notFound: 'ページが見つかりません',
  maintenance: 'ただいまメンテナンス中です。しばらくしてから再度お試しください。',
  system: 'システムエラーが発生しました。時間をおいて再度お試しください。',
  databaseAway: 'ただいま混み合っています。しばらくしてから再度お試しください。',
  csrf: '不正なリクエストです。ページを再読み込みしてください。',
  fetchFailed: '取得失敗',
  invalidFields: '入力内容を確認してください',
  notFollowing: 'フォローしていないルームです',
} as const

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly extra: ErrorExtra = {},
  ) {
    super(message)
  }

  toBody(): ErrorBody {
    return errorBody(this.message, this.extra)
  }
}

export function errorBody(message: string, extra: ErrorExtra = {}): ErrorBody {
  const entry: ErrorEntry = { error_user_msg: message }
  if (extra.errorType) entry.error_type = extra.errorType
  if (extra.code !== undefined) entry.code = extra.code
  if (extra.redirectUrl) entry.redirect_url = extra.redirectUrl
  const body: ErrorBody = { errors: [entry] }
  if (extra.fieldErrors) body.field_errors = extra.fieldErrors
  return body
}

/**
 * A form that did not pass its checks: 400 INVALID_FIELDS with a message per field. The
 * messages come from the shared rules (src/domain), so the form and the server say the same.
 */
export function invalidFields(errors: Partial<Record<string, string>>): ApiError {
  const fieldErrors: Record<string, string> = {}
  for (const [key, message] of Object.entries(errors)) {
    if (message !== undefined) fieldErrors[key] = message
  }
  return new ApiError(400, messages.invalidFields, { errorType: 'INVALID_FIELDS', fieldErrors })
}
