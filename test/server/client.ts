/** A caller with a cookie jar, as a browser would be: it keeps the session and sends the CSRF token. */
export class TestClient {
  private cookies = new Map<string, string>()
  private token: string | null = null

  constructor(private readonly base: string) {}

  /** The same browser talking to another server process (the session lives in the database). */
  on(base: string): TestClient {
    const other = new TestClient(base)
    other.cookies = this.cookies
    other.token = this.token
    return other
  }

  get sessionId(): string | undefined {
    return this.cookies.get('sr_id')
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '))
    }
    const response = await fetch(this.base + path, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair?.indexOf('=') ?? -1
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1))
    }
    return response
  }

  async json(
    path: string,
    init: RequestInit = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await this.request(path, init)
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  async csrf(): Promise<string> {
    this.token ??= String((await this.json('/api/csrf_token')).body.csrf_token)
    return this.token
  }

  /** After login or logout the session (and its token) change. */
  forgetToken(): void {
    this.token = null
  }

  async postJson(path: string, body: unknown, options: { csrf?: boolean } = {}) {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.csrf !== false) headers['x-csrf-token'] = await this.csrf()
    return this.json(path, {
      method: 'POST',
      headers,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  }

  async postForm(path: string, fields: Record<string, string>, options: { csrf?: boolean } = {}) {
    const form = new URLSearchParams(fields)
    if (options.csrf !== false) form.set('csrf_token', await this.csrf())
    return this.json(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    })
  }

  /** JSON sign-up (a captcha first, answered with the fixed test word), then the new session. */
  async signUp(
    fields: { account_id: string; password: string; name: string },
    captchaWord = 'kirari',
  ) {
    await this.json('/api/captcha')
    const result = await this.postJson('/user/sign_up', {
      password_confirm: fields.password,
      captcha_word: captchaWord,
      ...fields,
    })
    this.forgetToken()
    return result
  }

  /** Logs in with the fixed test captcha word. */
  async login(accountId: string, password: string, captchaWord = 'kirari') {
    await this.json('/api/captcha')
    const result = await this.postJson('/user/login', {
      account_id: accountId,
      password,
      captcha_word: captchaWord,
    })
    this.forgetToken()
    return result
  }
}
