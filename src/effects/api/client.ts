import { ofetch, type FetchError, type FetchOptions } from 'ofetch'
import { ApiRequestError, type ApiFailure } from '../../domain/api-failure.ts'

export const REQUEST_TIMEOUT_MS = 20_000

export type FormValue = string | number | boolean | null | undefined
export type Query = Record<string, string | number | boolean | undefined>

export interface ApiClientOptions {
  baseURL?: string
  /** Sent as an Authorization header when the deployment sits behind basic auth. */
  basicAuth?: { username: string; password: string } | undefined
  timeoutMs?: number
  fetch?: typeof globalThis.fetch
}

/** How a state-changing call is sent. */
export interface SendOptions {
  /**
   * A call that spends gold or stock: sent with this `Idempotency-Key` (one per user action) and,
   * when its answer is lost (a network failure, a timeout) or the server is still running its
   * first copy, sent again with the same key — the server runs it once.
   */
  idempotencyKey?: string
}

/** Tries of a keyed call whose answer was lost, and the first wait between them (ms, doubling). */
export const KEYED_TRIES = 3
export const KEYED_RETRY_MS = 500

/** A fresh key for one user action (getRandomValues works on plain-http pages too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>
  /** Form-encoded POST with the session's CSRF token (SPEC.md §7's default). */
  postForm<T>(path: string, body?: Record<string, FormValue>, options?: SendOptions): Promise<T>
  /** JSON POST, for the calls SPEC.md §7 marks JSON. */
  postJson<T>(path: string, body?: unknown, options?: SendOptions): Promise<T>
  /** JSON PUT: an edit of a whole record (an organizer's event). */
  putJson<T>(path: string, body?: unknown): Promise<T>
  delete<T>(path: string, query?: Query): Promise<T>
  csrfToken(): Promise<string>
  /** Forget the cached token (after login/logout the session changes). */
  resetCsrfToken(): void
}

interface ErrorPayload {
  errors?: Array<{ error_user_msg?: unknown; error_type?: unknown; redirect_url?: unknown }>
  field_errors?: unknown
}

/** `field_errors` of a refused form: only string messages are kept. */
function fieldErrorsOf(value: unknown): Partial<Record<string, string>> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null
  const entries = Object.entries(value).filter(
    (e): e is [string, string] => typeof e[1] === 'string',
  )
  return entries.length > 0 ? Object.fromEntries(entries) : null
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** SPEC.md §8: what went wrong with one call, as data. */
export function toFailure(error: unknown): ApiFailure {
  if (error instanceof ApiRequestError) return error.failure
  const fetchError = error as Partial<FetchError> & { name?: string }
  const cause = fetchError.cause as { name?: string } | undefined
  const status = fetchError.response?.status ?? fetchError.statusCode
  if (status === undefined || status === 0) {
    if (cause?.name === 'TimeoutError' || fetchError.name === 'TimeoutError') {
      return { kind: 'timeout', status: null }
    }
    if (cause?.name === 'AbortError' || fetchError.name === 'AbortError') {
      return { kind: 'aborted', status: null }
    }
    return { kind: 'network', status: null }
  }
  if (status === 503) return { kind: 'maintenance', status: 503 }
  const payload = fetchError.data as ErrorPayload | undefined
  const first = payload?.errors?.[0]
  const fieldErrors = fieldErrorsOf(payload?.field_errors)
  return {
    kind: 'server',
    status,
    message: text(first?.error_user_msg),
    errorType: text(first?.error_type),
    redirectUrl: text(first?.redirect_url),
    ...(fieldErrors ? { fieldErrors } : {}),
  }
}

function formBody(body: Record<string, FormValue>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue
    form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value))
  }
  return form
}

/** The one HTTP client of the app (ARCHITECTURE.md, Effects). */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Expires: '0',
    Accept: 'application/json',
  }
  if (options.basicAuth) {
    headers.Authorization = `Basic ${btoa(`${options.basicAuth.username}:${options.basicAuth.password}`)}`
  }
  const base = ofetch.create(
    {
      baseURL: options.baseURL ?? '/',
      credentials: 'include',
      timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      retry: false,
      headers,
    },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function call<T>(path: string, init: FetchOptions<'json'>): Promise<T> {
    try {
      return await base<T>(path, init)
    } catch (error) {
      throw new ApiRequestError(toFailure(error))
    }
  }

  let token: Promise<string> | null = null
  const csrfToken = () => {
    token ??= call<{ csrf_token?: unknown }>('/api/csrf_token', { method: 'GET' }).then(
      (r) => {
        const value = text(r.csrf_token)
        if (!value)
          throw new ApiRequestError({
            kind: 'server',
            status: 200,
            message: '取得失敗',
            errorType: null,
            redirectUrl: null,
          })
        return value
      },
      (error: unknown) => {
        token = null
        const failure = toFailure(error)
        // SPEC.md §8: a 401 on the CSRF fetch is '取得失敗'.
        if (failure.kind === 'server' && failure.status === 401) {
          throw new ApiRequestError({ ...failure, message: '取得失敗' })
        }
        throw error
      },
    )
    return token
  }

  /**
   * A state-changing call with the session's token. A session that ended on the server (expired,
   * or logged out in another tab) refuses the old token: the call is sent once more with a fresh
   * one, so the caller sees what the server says of the new session (a 401: log in again).
   */
  async function withToken<T>(send: (token: string) => Promise<T>): Promise<T> {
    try {
      return await send(await csrfToken())
    } catch (error) {
      const failure = error instanceof ApiRequestError ? error.failure : null
      if (failure?.kind !== 'server' || failure.errorType !== 'CSRF_INVALID') throw error
      token = null
      return send(await csrfToken())
    }
  }

  /**
   * A keyed call, sent again with its key while its answer is lost or its first copy still runs:
   * waits double each time, with jitter, so many phones that lost one answer do not come back
   * at one instant.
   */
  async function keyed<T>(
    options: SendOptions | undefined,
    send: (keyHeader: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const key = options?.idempotencyKey
    if (key === undefined) return send({})
    for (let attempt = 1; ; attempt++) {
      try {
        return await send({ 'Idempotency-Key': key })
      } catch (error) {
        const failure = error instanceof ApiRequestError ? error.failure : null
        const lost = failure?.kind === 'network' || failure?.kind === 'timeout'
        const running =
          failure?.kind === 'server' && failure.errorType === 'IDEMPOTENCY_KEY_RUNNING'
        if (attempt >= KEYED_TRIES || !(lost || running)) throw error
        const wait = KEYED_RETRY_MS * 2 ** (attempt - 1)
        await new Promise((resolve) => setTimeout(resolve, wait / 2 + Math.random() * wait))
      }
    }
  }

  /** A JSON body with the session's token. */
  const sendJson =
    (method: 'POST' | 'PUT') =>
    <T>(path: string, body: unknown = {}, options?: SendOptions): Promise<T> =>
      keyed(options, (keyHeader) =>
        withToken((token) =>
          call<T>(path, {
            method,
            body: body as Record<string, unknown>,
            headers: { ...headers, ...keyHeader, 'X-CSRF-Token': token },
          }),
        ),
      )

  return {
    get: (path, query) => call(path, { method: 'GET', ...(query ? { query } : {}) }),
    // DELETE changes state too: the server wants the token as for any POST.
    delete: (path, query) =>
      withToken((token) =>
        call(path, {
          method: 'DELETE',
          headers: { ...headers, 'X-CSRF-Token': token },
          ...(query ? { query } : {}),
        }),
      ),
    postJson: sendJson('POST'),
    putJson: sendJson('PUT'),
    postForm: (path, body = {}, options) =>
      keyed(options, (keyHeader) =>
        withToken((csrf_token) =>
          call(path, {
            method: 'POST',
            body: formBody({ ...body, csrf_token }),
            headers: { ...headers, ...keyHeader },
          }),
        ),
      ),
    csrfToken,
    resetCsrfToken() {
      token = null
    },
  }
}
