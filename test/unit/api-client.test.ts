import { describe, expect, it } from 'vitest'
import { ApiRequestError, type ApiFailure } from '../../src/domain/api-failure.ts'
import { createApiClient, KEYED_TRIES, newIdempotencyKey } from '../../src/effects/api/client.ts'

interface Seen {
  url: string
  method: string
  headers: Headers
  body: string | null
}

/** A fetch that records requests and answers from a table of handlers. */
function fakeFetch(
  handler: (req: Seen, signal: AbortSignal | null | undefined) => Promise<Response> | Response,
) {
  const seen: Seen[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const req: Seen = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: init?.body === undefined || init.body === null ? null : await request.text(),
    }
    seen.push(req)
    return handler(req, init?.signal)
  }
  return { fetch: fetch, seen }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiRequestError)
    return (error as ApiRequestError).failure
  }
  throw new Error('expected the call to fail')
}

const baseURL = 'http://kirari.test'

describe('API client (SPEC.md §7, §8)', () => {
  it('sends no-cache headers and credentials with every call', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, { num: 3 }))
    const api = createApiClient({ baseURL, fetch })
    await expect(api.get('/api/live/onlive_num')).resolves.toEqual({ num: 3 })
    expect(seen[0]?.headers.get('cache-control')).toBe('no-cache')
    expect(seen[0]?.headers.get('pragma')).toBe('no-cache')
    expect(seen[0]?.headers.get('authorization')).toBeNull()
  })

  it('adds a basic-auth header when configured', async () => {
    const { fetch, seen } = fakeFetch(() => json(200, {}))
    const api = createApiClient({
      baseURL,
      fetch,
      basicAuth: { username: 'kirari', password: 'pass' },
    })
    await api.get('/api/service_settings')
    expect(seen[0]?.headers.get('authorization')).toBe(`Basic ${btoa('kirari:pass')}`)
  })

  it('form-encodes POSTs with the CSRF token, fetched once', async () => {
    const { fetch, seen } = fakeFetch((req) =>
      req.url.endsWith('/api/csrf_token')
        ? json(200, { csrf_token: 'tok123' })
        : json(200, { ok: 1 }),
    )
    const api = createApiClient({ baseURL, fetch })
    await api.postForm('/api/room/follow', { room_id: 5, flag: true, skip: undefined })
    await api.postForm('/api/room/follow', { room_id: 6, flag: false })
    const posts = seen.filter((r) => r.method === 'POST')
    expect(seen.filter((r) => r.url.endsWith('/api/csrf_token'))).toHaveLength(1)
    expect(posts[0]?.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(new URLSearchParams(posts[0]?.body ?? '').toString()).toBe(
      'room_id=5&flag=1&csrf_token=tok123',
    )
    expect(new URLSearchParams(posts[1]?.body ?? '').get('flag')).toBe('0')
  })

  it('sends JSON bodies where the spec says JSON, with the CSRF token in a header', async () => {
    const { fetch, seen } = fakeFetch((req) =>
      req.url.endsWith('/api/csrf_token') ? json(200, { csrf_token: 'tok9' }) : json(200, {}),
    )
    const api = createApiClient({ baseURL, fetch })
    await api.postJson('/user/login', { account_id: 'a', password: 'p', captcha_word: 'w' })
    const post = seen.find((r) => r.method === 'POST')
    expect(post?.headers.get('x-csrf-token')).toBe('tok9')
    expect(post?.headers.get('content-type')).toContain('application/json')
    expect(post?.headers.get('cache-control')).toBe('no-cache')
    expect(JSON.parse(post?.body ?? '')).toEqual({
      account_id: 'a',
      password: 'p',
      captcha_word: 'w',
    })
  })

  it('sends DELETE with the CSRF token too (the owner deleting the welcome comment)', async () => {
    const { fetch, seen } = fakeFetch((req) =>
      req.url.endsWith('/api/csrf_token') ? json(200, { csrf_token: 'tok7' }) : json(200, {}),
    )
    const api = createApiClient({ baseURL, fetch })
    await api.delete('/api/room/welcome_comment', { room_id: 5 })
    const removal = seen.find((r) => r.method === 'DELETE')
    expect(removal?.headers.get('x-csrf-token')).toBe('tok7')
    expect(removal?.url).toBe(`${baseURL}/api/room/welcome_comment?room_id=5`)
  })

  it('turns a CSRF 401 into 取得失敗', async () => {
    const { fetch } = fakeFetch(() => json(401, { errors: [{ error_user_msg: 'x' }] }))
    const api = createApiClient({ baseURL, fetch })
    const failure = await failureOf(api.postForm('/api/x'))
    expect(failure).toMatchObject({ kind: 'server', status: 401, message: '取得失敗' })
  })

  it('maps a timeout, a network error and an abort to their kinds', async () => {
    const hang = fakeFetch(
      (_req, signal) =>
        new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason as Error))
        }),
    )
    expect(
      await failureOf(createApiClient({ baseURL, fetch: hang.fetch, timeoutMs: 30 }).get('/api/x')),
    ).toEqual({
      kind: 'timeout',
      status: null,
    })

    const down = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(await failureOf(createApiClient({ baseURL, fetch: down.fetch }).get('/api/x'))).toEqual({
      kind: 'network',
      status: null,
    })
  })

  it('maps 503 to maintenance and reads errors[0] of other statuses', async () => {
    const { fetch } = fakeFetch((req) => {
      if (req.url.endsWith('/down')) return json(503, { errors: [{ error_user_msg: 'メンテ' }] })
      if (req.url.endsWith('/moved'))
        return json(400, {
          errors: [{ error_user_msg: '移動', redirect_url: '/maintenance', error_type: 'X' }],
        })
      if (req.url.endsWith('/plain')) return new Response('oops', { status: 500 })
      return json(400, { errors: [{ error_user_msg: 'パラメータが不正です' }] })
    })
    const api = createApiClient({ baseURL, fetch })
    expect(await failureOf(api.get('/down'))).toEqual({ kind: 'maintenance', status: 503 })
    expect(await failureOf(api.get('/moved'))).toEqual({
      kind: 'server',
      status: 400,
      message: '移動',
      errorType: 'X',
      redirectUrl: '/maintenance',
    })
    expect(await failureOf(api.get('/bad'))).toMatchObject({
      kind: 'server',
      status: 400,
      message: 'パラメータが不正です',
    })
    expect(await failureOf(api.get('/plain'))).toEqual({
      kind: 'server',
      status: 500,
      message: null,
      errorType: null,
      redirectUrl: null,
    })
  })

  it('sends a refused token once more with a fresh one, then reports what the server says', async () => {
    let tokens = 0
    const { fetch, seen } = fakeFetch((req) => {
      if (req.url.endsWith('/api/csrf_token')) return json(200, { csrf_token: `t${++tokens}` })
      // The session behind t1 has ended; t2 belongs to a new, anonymous session.
      if (req.headers.get('x-csrf-token') === 't1') {
        return json(403, {
          errors: [{ error_user_msg: '不正なリクエストです。', error_type: 'CSRF_INVALID' }],
        })
      }
      return json(401, { errors: [{ error_user_msg: 'ログインしてください' }] })
    })
    const api = createApiClient({ baseURL, fetch })
    const failure = await failureOf(api.postJson('/api/povo_ec/shipping_address', {}))
    expect(failure).toMatchObject({ kind: 'server', status: 401 })
    expect(seen.map((r) => r.headers.get('x-csrf-token'))).toEqual([null, 't1', null, 't2'])
    // The fresh token serves the next calls.
    const other = await failureOf(api.postForm('/api/x', {}))
    expect(other.status).toBe(401)
  })

  it('carries the fields a form was refused for', async () => {
    const { fetch } = fakeFetch((req) =>
      req.url.endsWith('/api/csrf_token')
        ? json(200, { csrf_token: 't' })
        : json(400, {
            errors: [
              { error_user_msg: '入力内容を確認してください', error_type: 'INVALID_FIELDS' },
            ],
            field_errors: { postal_code: '郵便番号は…', junk: 3 },
          }),
    )
    const api = createApiClient({ baseURL, fetch })
    const failure = await failureOf(api.postJson('/api/povo_ec/shipping_address', {}))
    expect(failure).toMatchObject({
      errorType: 'INVALID_FIELDS',
      fieldErrors: { postal_code: '郵便番号は…' },
    })
    expect(failure.kind === 'server' && failure.fieldErrors).toEqual({ postal_code: '郵便番号は…' })
  })
})

describe('a call that spends, sent with an idempotency key', () => {
  const ok = () => json(200, { ok: 1 })
  const token = (req: Seen) =>
    req.url.endsWith('/api/csrf_token') ? json(200, { csrf_token: 't' }) : null

  it('sends the key, and sends it again (the same key) when the answer was lost', async () => {
    let calls = 0
    const { fetch, seen } = fakeFetch((req) => {
      const t = token(req)
      if (t) return t
      calls++
      if (calls === 1) throw new TypeError('Failed to fetch')
      return ok()
    })
    const api = createApiClient({ baseURL, fetch })
    await expect(
      api.postForm('/api/live/gifting_point_use', { num: 1 }, { idempotencyKey: 'k-1' }),
    ).resolves.toEqual({ ok: 1 })
    const sends = seen.filter((r) => r.method === 'POST')
    expect(sends).toHaveLength(2)
    expect(sends.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1'])
  })

  it('waits and asks again while the server still runs the first copy (409 running)', async () => {
    let calls = 0
    const { fetch, seen } = fakeFetch((req) => {
      const t = token(req)
      if (t) return t
      calls++
      return calls === 1
        ? json(409, {
            errors: [{ error_user_msg: '処理中', error_type: 'IDEMPOTENCY_KEY_RUNNING' }],
          })
        : ok()
    })
    const api = createApiClient({ baseURL, fetch })
    await api.postJson('/api/x', {}, { idempotencyKey: 'k-2' })
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2)
  })

  it(`gives up after ${KEYED_TRIES} tries, and never resends a refused or unkeyed call`, async () => {
    const lost = fakeFetch((req) => token(req) ?? Promise.reject(new TypeError('Failed to fetch')))
    const api = createApiClient({ baseURL, fetch: lost.fetch })
    expect((await failureOf(api.postForm('/api/x', {}, { idempotencyKey: 'k-3' }))).kind).toBe(
      'network',
    )
    expect(lost.seen.filter((r) => r.method === 'POST')).toHaveLength(KEYED_TRIES)

    const unkeyed = fakeFetch(
      (req) => token(req) ?? Promise.reject(new TypeError('Failed to fetch')),
    )
    await failureOf(createApiClient({ baseURL, fetch: unkeyed.fetch }).postForm('/api/x', {}))
    expect(unkeyed.seen.filter((r) => r.method === 'POST')).toHaveLength(1)

    const refused = fakeFetch(
      (req) => token(req) ?? json(400, { errors: [{ error_user_msg: 'ゴールドが足りません' }] }),
    )
    const refusing = createApiClient({ baseURL, fetch: refused.fetch })
    await failureOf(refusing.postForm('/api/x', {}, { idempotencyKey: 'k-4' }))
    expect(refused.seen.filter((r) => r.method === 'POST')).toHaveLength(1)
  })

  it('makes a new key for each action', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey))
    expect(keys.size).toBe(100)
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/)
  })
})
