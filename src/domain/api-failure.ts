/**
 * SPEC.md §8 as data: every failed call becomes one of these, and machines branch on `kind`.
 * Texts are i18n keys unless the server sent its own message.
 */
export type ApiFailure =
  | { kind: 'timeout'; status: null }
  | { kind: 'network'; status: null }
  | { kind: 'aborted'; status: null }
  | { kind: 'maintenance'; status: 503 }
  | {
      kind: 'server'
      status: number
      message: string | null
      errorType: string | null
      redirectUrl: string | null
      /** A form's fields the server refused, with its message for each. */
      fieldErrors?: Partial<Record<string, string>>
    }

export const TIMEOUT_MESSAGE_KEY = 'L_TIMEOUT_ERROR'
export const NETWORK_MESSAGE_KEY = 'L_NETWORK_ERROR'
export const SYSTEM_MESSAGE_KEY = 'L_ERROR_MESSAGE_SYSTEM_ERROR'

export class ApiRequestError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(
      failure.kind === 'server'
        ? (failure.message ?? `request failed with status ${failure.status}`)
        : `request failed: ${failure.kind}`,
    )
    this.name = 'ApiRequestError'
  }
}

/** The failure inside any thrown value; anything unknown counts as a network failure. */
export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiRequestError) return error.failure
  return { kind: 'network', status: null }
}

/** A message to show: the server's own text, or an i18n key. */
export type Notice =
  | { tone: 'success' | 'error' | 'show'; key: string }
  | { tone: 'success' | 'error' | 'show'; text: string }

/** The login has expired (or was never there): a 401 from our server. */
export function isLoginLost(error: unknown): boolean {
  const failure = failureOf(error)
  return failure.kind === 'server' && failure.status === 401
}
