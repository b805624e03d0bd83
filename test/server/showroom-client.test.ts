import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../../server/db/seed.ts'
import { TestClient } from './client.ts'
import { liveOf, payloadOf, connect } from './socket.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

/**
 * A client as the open-source SHOWROOM tools are written: plain requests, the session taken from
 * the `sr_id` cookie of Set-Cookie, the CSRF token in form-encoded bodies, `errors[0].code`.
 */
class ShowroomTool {
  srId = ''
  constructor(private readonly base: string) {}

  private async call(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers)
    if (this.srId) headers.set('cookie', `sr_id=${this.srId}`)
    const response = await fetch(this.base + path, { ...init, headers })
    const set = /(?:^|,\s*)sr_id=([\w-]+)/.exec(response.headers.get('set-cookie') ?? '')
    if (set?.[1]) this.srId = set[1]
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  get(path: string) {
    return this.call(path)
  }

  postForm(path: string, fields: Record<string, string>) {
    return this.call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(fields).toString(),
    })
  }

  async login(accountId: string, password: string) {
    const { csrf_token } = (await this.get('/api/csrf_token')).body as { csrf_token: string }
    await this.get('/api/captcha')
    return this.postForm('/user/login', {
      account_id: accountId,
      password,
      captcha_word: 'kirari',
      csrf_token,
    })
  }
}

describe.each(await testEngines())('existing SHOWROOM clients on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine, { CAPTCHA_FIXED_WORD: 'kirari' })
  })
  afterAll(() => server.close())

  it('log in form-encoded, read sr_id, act as the user with it, and meet the SMS refusal by code', async () => {
    const tool = new ShowroomTool(server.url)
    const login = await tool.login('demo_viewer', DEMO_PASSWORD)
    expect(login.body).toMatchObject({ ok: 1 })
    expect(tool.srId).toMatch(/^[\w-]{20,}$/)
    const live = await liveOf(server, 'kirari_hoshino')
    const me = await tool.get(`/api/live/current_user?room_id=${live.roomId}`)
    expect(me.body).toMatchObject({ is_login: true, name: 'デモ視聴者', sms_auth: true })
    const socket = await connect(server)
    socket.ws.send(`SUB\t${live.key}`)
    await new Promise((r) => setTimeout(r, 100))
    const posted = await tool.postForm('/api/live/post_live_comment', {
      live_id: String(live.liveId),
      // Hidden bidi controls are taken out: what others see is what was stored.
      comment: '\u202eこんにちは\u2066',
      csrf_token: String(login.body.csrf_token),
    })
    expect(posted.status).toBe(200)
    expect(posted.body.comment).toBe('こんにちは')
    const frame = await socket.waitFor((f) => f.includes('こんにちは'))
    expect(payloadOf(frame).cm).toBe('こんにちは')
    socket.ws.close()

    // An account without SMS authentication: SHOWROOM's code 1005 beside our error type.
    const fresh = new TestClient(server.url)
    await fresh.signUp({
      account_id: `tool_${engine}`,
      password: 'tool-pass-1',
      name: '\u202eツール\u200b',
    })
    const other = new ShowroomTool(server.url)
    const again = await other.login(`tool_${engine}`, 'tool-pass-1')
    const refused = await other.postForm('/api/live/post_live_comment', {
      live_id: String(live.liveId),
      comment: 'hi',
      csrf_token: String(again.body.csrf_token),
    })
    expect(refused.status).toBe(403)
    expect((refused.body.errors as Array<{ code: number; error_type: string }>)[0]).toMatchObject({
      code: 1005,
      error_type: 'SMS_NOT_AUTHENTICATED',
    })
    expect((await other.get('/api/current_user')).body.name).toBe('ツール')
  })

  it('may send the fields SHOWROOM clients send as they send them: empty, null, booleans', async () => {
    const viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', DEMO_PASSWORD)
    const live = await liveOf(server, 'kirari_hoshino')
    // An empty flag is the default (follow); a null preset and a boolean is_delay are ignored.
    const followed = await viewer.postForm('/api/room/follow', {
      room_id: String(live.roomId),
      flag: '',
    })
    expect(followed.body).toMatchObject({ ok: 1, is_follow: true })
    const posted = await viewer.postJson('/api/live/post_live_comment', {
      live_id: live.liveId,
      comment: 'よろしく',
      recommend_comment_id: null,
      comment_type: 'normal',
      is_delay: false,
    })
    expect(posted.status).toBe(200)
    await viewer.postForm('/api/room/follow', { room_id: String(live.roomId), flag: '0' })
  })

  it('ask /room/is_live whether a room is on air', async () => {
    const tool = new ShowroomTool(server.url)
    const live = await liveOf(server, 'kirari_hoshino')
    expect((await tool.get(`/room/is_live?room_id=${live.roomId}`)).body).toEqual({ ok: 1 })
    const offAir = await server.database.db
      .selectFrom('rooms')
      .select('id')
      .where('id', 'not in', (eb) =>
        eb.selectFrom('lives').select('room_id').where('ended_at', 'is', null),
      )
      .executeTakeFirstOrThrow()
    expect((await tool.get(`/room/is_live?room_id=${offAir.id}`)).body).toEqual({ ok: 0 })
    expect((await tool.get('/room/is_live?room_id=abc')).status).toBe(400)
  })
})
