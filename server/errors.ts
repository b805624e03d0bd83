/** SPEC.md §8: every error answer is `{ errors: [{ error_user_msg, error_type?, redirect_url? }] }`. */
export interface ErrorEntry {
  error_user_msg: string
  error_type?: string
  redirect_url?: string
}

export interface ErrorBody {
  errors: [ErrorEntry, ...ErrorEntry[]]
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503

export const messages = {
  invalidParameter: 'パラメータが不正です',
  invalidJson: 'リクエストの形式が正しくありません',
  notFound: 'ページが見つかりません',
  maintenance: 'ただいまメンテナンス中です。しばらくしてから再度お試しください。',
  system: 'システムエラーが発生しました。時間をおいて再度お試しください。',
  csrf: '不正なリクエストです。ページを再読み込みしてください。',
  fetchFailed: '取得失敗',
} as const

export class ApiError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    readonly extra: { errorType?: string; redirectUrl?: string } = {},
  ) {
    super(message)
  }

  toBody(): ErrorBody {
    return errorBody(this.message, this.extra)
  }
}

export function errorBody(
  message: string,
  extra: { errorType?: string; redirectUrl?: string } = {},
): ErrorBody {
  const entry: ErrorEntry = { error_user_msg: message }
  if (extra.errorType) entry.error_type = extra.errorType
  if (extra.redirectUrl) entry.redirect_url = extra.redirectUrl
  return { errors: [entry] }
}
