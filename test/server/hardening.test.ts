import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEMO_PASSWORD } from '../../server/db/seed.ts'
import { WATCH_LIFETIME_MS } from '../../server/services/ad-reward.ts'
import { MAIL_KEPT_MS, PRESENCE_KEPT_MS, purgeExpired } from '../../server/services/purge.ts'
import { TestClient } from './client.ts'
import { liveOf } from './socket.ts'
import { startTestServer, testEngines, type TestServer } from './harness.ts'

const sorted = (statuses: number[]) => [...statuses].sort((a, b) => a - b)

/** A client whose requests come, through our trusted proxy (loopback), from `address`. */
function from(base: string, address: string): TestClient {
  const client = new TestClient(base)
  const request = client.request.bind(client)
  client.request = (path, init) => {
    const headers = new Headers(init?.headers)
    headers.set('x-forwarded-for', address)
    return request(path, { ...init, headers })
  }
  return client
}

/** A login attempt of a fresh browser (its own session and captcha, the fixed test word). */
async function attempt(client: TestClient, accountId: string, password: string, word = 'kirari') {
  await client.json('/api/captcha')
  return client.postJson('/user/login', {
    account_id: accountId,
    password,
    captcha_word: word,
  })
}

describe.each(await testEngines())('hardening on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine, {
      CAPTCHA_FIXED_WORD: 'kirari',
      TRUST_PROXY: 'loopback',
      PRESENCE_INTERVAL_MS: '100',
      PUSH_MAX_PER_ADDRESS: '2000',
    })
  })
  afterAll(() => server.close())
  const db = () => server.database.db

  it('lets exactly 5 of 50 parallel wrong logins to one account through; the rest get 429', async () => {
    // From 50 addresses, so only the account's limit decides.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        attempt(from(server.url, `198.51.100.${i + 1}`), 'demo_organizer', 'wrong-password'),
      ),
    )
    const reached = results.filter((r) => r.status === 200)
    expect(reached).toHaveLength(5)
    expect(reached.every((r) => r.body.error === 'アカウントIDまたはパスワードが正しくありません'))
    expect(results.filter((r) => r.status === 429)).toHaveLength(45)
  })

  it('counts no junk attempt (a wrong captcha) against the account, so its owner still logs in', async () => {
    const junk = from(server.url, '192.0.2.10')
    for (let i = 0; i < 8; i++) {
      const r = await attempt(junk, 'demo_liver', 'guess', 'WRONG')
      expect(r.status).toBe(200)
      expect(r.body.error).toBe('画像認証の文字が正しくありません')
    }
    const owner = await attempt(from(server.url, '192.0.2.11'), 'demo_liver', DEMO_PASSWORD)
    expect(owner.body).toMatchObject({ ok: 1 })
  })

  it('keeps the per-address limit however the client fills in X-Forwarded-For', async () => {
    // All at once (a sequence took most of the suite's time): the limit holds exactly either way.
    const statuses = await Promise.all(
      Array.from({ length: 21 }, async (_, i) => {
        // The left entry is the client's own invention; the proxy appended the real address.
        const client = from(server.url, `10.${i}.0.1, 203.0.113.50`)
        return (await attempt(client, `nobody_${i}`, 'x')).status
      }),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(20)
    expect(statuses.filter((s) => s === 429)).toHaveLength(1)
  })

  it('asks a captcha on sign-up and limits sign-ups per address, exactly, under a burst', async () => {
    const bare = from(server.url, '192.0.2.30')
    await bare.json('/api/captcha')
    const noCaptcha = await bare.postJson('/user/sign_up', {
      account_id: `bot_${engine}_0`,
      password: 'bot-pass-123',
      password_confirm: 'bot-pass-123',
      name: 'bot',
    })
    expect(noCaptcha.status).toBe(400)
    const wrong = await from(server.url, '192.0.2.31').signUp(
      { account_id: `bot_${engine}_1`, password: 'bot-pass-123', name: 'bot' },
      'WRONG',
    )
    expect(wrong.body.error).toBe('画像認証の文字が正しくありません')
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        from(server.url, '192.0.2.40').signUp({
          account_id: `burst_${engine}_${i}`,
          password: 'burst-pass-123',
          name: 'burst',
        }),
      ),
    )
    expect(results.filter((r) => r.status === 200 && r.body.ok === 1)).toHaveLength(10)
    expect(results.filter((r) => r.status === 429)).toHaveLength(2)
    const made = await db()
      .selectFrom('users')
      .select('account_id')
      .where('account_id', 'like', `%_${engine}_%`)
      .execute()
    expect(made).toHaveLength(10)
  })

  it('counts viewers of lives on air only, one per viewer, with 1,100 sockets × 20 keys', async () => {
    const live = await liveOf(server, 'kirari_hoshino')
    const polling = async () =>
      Number(
        (await new TestClient(server.url).json(`/api/live/polling?room_id=${live.roomId}`)).body
          .online_user_num,
      )
    const base = await polling()
    const sockets: WebSocket[] = []
    for (let batch = 0; batch < 11; batch++) {
      sockets.push(
        ...(await Promise.all(
          Array.from({ length: 100 }, async (_, i) => {
            const ws = new WebSocket(server.url.replace('http', 'ws') + '/')
            await new Promise((resolve, reject) => {
              ws.once('open', resolve)
              ws.once('error', reject)
            })
            for (let k = 0; k < 19; k++) ws.send(`SUB\tjunk:${batch}:${i}:${k}`)
            ws.send(`SUB\t${live.key}`)
            return ws
          }),
        )),
      )
    }
    // 1,100 anonymous sockets from one address are one viewer; a logged-in browser is another.
    const viewer = new TestClient(server.url)
    await viewer.login('demo_viewer', DEMO_PASSWORD)
    const own = new WebSocket(server.url.replace('http', 'ws') + '/', {
      headers: { cookie: `sr_id=${viewer.sessionId}` },
    })
    await new Promise((resolve) => own.once('open', resolve))
    own.send(`SUB\t${live.key}`)
    const until = Date.now() + 5000
    let seen = await polling()
    while (seen !== base + 2 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100))
      seen = await polling()
    }
    expect(seen).toBe(base + 2)
    // Only the live's key was reported, not 22,000 made-up ones.
    const rows = await db().selectFrom('live_presence').select('bcsvr_key').execute()
    expect(rows.every((r) => !r.bcsvr_key.startsWith('junk:'))).toBe(true)
    for (const ws of [...sockets, own]) ws.close()
  }, 60_000)

  it('caps ad watches when they start, and voids one left open past its lifetime', async () => {
    const viewer = from(server.url, '192.0.2.50')
    await viewer.login('demo_viewer', DEMO_PASSWORD)
    const start = () => viewer.postForm('/api/ad_reward/watch', { gacha_id: '4' })
    const started = await Promise.all([start(), start(), start(), start(), start()])
    expect(sorted(started.map((s) => s.status))).toEqual([200, 200, 200, 404, 404])
    // One left open too long: it cannot be finished, and it no longer uses up the day.
    const first = started.find((s) => s.status === 200)?.body.watch_id as string
    await db()
      .updateTable('ad_reward_watches')
      .set({ started_at: new Date(Date.now() - WATCH_LIFETIME_MS - 60_000) })
      .where('id', '=', first)
      .execute()
    const late = await viewer.postForm('/api/ad_reward/watch/complete', { watch_id: first })
    expect(late.status).toBe(400)
    expect(late.body).toMatchObject({ errors: [{ error_type: 'EXPIRED' }] })
    expect((await start()).status).toBe(200)
    expect((await start()).status).toBe(404)
    // The purge job removes the void watch, and leaves the open ones.
    const purged = await purgeExpired(db())
    expect(purged.ad_reward_watches).toBe(1)
    expect(
      await db().selectFrom('ad_reward_watches').select('id').where('id', '=', first).execute(),
    ).toHaveLength(0)
  })

  it('purges expired sessions, captchas and rate windows, and keeps live ones', async () => {
    const past = new Date(Date.now() - 2 * 86_400_000)
    await db()
      .insertInto('sessions')
      .values([
        { id: 'expired_session_000000000001', user_id: null, csrf_token: 't', expires_at: past },
      ])
      .execute()
    await db()
      .insertInto('rate_counters')
      .values({ key: 'test:old', window_start: past, hits: 3 })
      .execute()
    const live = new TestClient(server.url)
    await live.json('/api/captcha')
    const purged = await purgeExpired(db())
    expect(purged.sessions).toBeGreaterThanOrEqual(1)
    expect(purged.rate_counters).toBeGreaterThanOrEqual(1)
    const left = await db()
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ['expired_session_000000000001', live.sessionId ?? ''])
      .execute()
    expect(left.map((s) => s.id)).toEqual([live.sessionId])
    // Asking for captchas again and again keeps one per session.
    for (let i = 0; i < 5; i++) await live.json('/api/captcha')
    const session = live.sessionId ?? ''
    expect(
      await db().selectFrom('captchas').select('id').where('session_id', '=', session).execute(),
    ).toHaveLength(1)
  })

  it('purges mail sent or given up on a month ago and the presence of processes gone, keeping the rest', async () => {
    const now = Date.now()
    const ago = (ms: number) => new Date(now - ms)
    const mails = await db()
      .insertInto('mail_queue')
      .values([
        {
          recipient: 'old@kirari.example',
          body: 'old',
          status: 'sent',
          sent_at: ago(MAIL_KEPT_MS + 60_000),
        },
        {
          recipient: 'gave-up@kirari.example',
          body: 'x',
          status: 'failed',
          created_at: ago(MAIL_KEPT_MS + 60_000),
        },
        { recipient: 'new@kirari.example', body: 'new', status: 'sent', sent_at: ago(60_000) },
        {
          recipient: 'waiting@kirari.example',
          body: 'q',
          status: 'queued',
          created_at: ago(MAIL_KEPT_MS + 60_000),
        },
      ])
      .returning('recipient')
      .execute()
    expect(mails).toHaveLength(4)
    await db()
      .insertInto('live_presence')
      .values([
        {
          process_id: 'gone',
          bcsvr_key: `k_${engine}`,
          viewers: 3,
          seen_at: ago(PRESENCE_KEPT_MS + 60_000),
        },
        { process_id: 'alive', bcsvr_key: `k_${engine}`, viewers: 2, seen_at: ago(1000) },
      ])
      .execute()
    const purged = await purgeExpired(db())
    expect(purged.mail_queue).toBeGreaterThanOrEqual(2)
    expect(purged.live_presence).toBeGreaterThanOrEqual(1)
    const left = await db()
      .selectFrom('mail_queue')
      .select('recipient')
      .where(
        'recipient',
        'in',
        mails.map((m) => m.recipient),
      )
      .orderBy('recipient')
      .execute()
    expect(left.map((m) => m.recipient)).toEqual(['new@kirari.example', 'waiting@kirari.example'])
    const presence = await db()
      .selectFrom('live_presence')
      .select('process_id')
      .where('bcsvr_key', '=', `k_${engine}`)
      .execute()
    expect(presence.map((p) => p.process_id)).toEqual(['alive'])
  })

  it('sets a birthday once, and never takes the guardian agreement from the user', async () => {
    const minor = from(server.url, '192.0.2.60')
    await minor.login('demo_minor', DEMO_PASSWORD)
    const older = await minor.postForm('/api/account/update', { birthday: '19900101' })
    expect(older.status).toBe(409)
    expect(older.body).toMatchObject({ errors: [{ error_type: 'BIRTHDAY_SET' }] })
    const agreed = await minor.postForm('/api/account/update', {
      is_legal_representative_agreed: '1',
    })
    expect(agreed.status).toBe(403)
    const account = (await minor.json('/api/account')).body
    expect(account.birthday).not.toBe(19900101)
    expect(account.is_legal_representative_agreed).toBe(false)
    // Someone without a birthday sets it once; saving the same again is fine.
    const fresh = from(server.url, '192.0.2.61')
    await fresh.signUp({ account_id: `born_${engine}`, password: 'born-pass-1', name: 'born' })
    expect((await fresh.postForm('/api/account/update', { birthday: '20000101' })).status).toBe(200)
    expect((await fresh.postForm('/api/account/update', { birthday: '20000101' })).status).toBe(200)
    expect((await fresh.postForm('/api/account/update', { birthday: '19800101' })).status).toBe(409)
  })

  it('answers two simultaneous starts of a live or a vote with one 200 and one 409', async () => {
    const liver = from(server.url, '192.0.2.70')
    await liver.login('demo_liver', DEMO_PASSWORD)
    const live = await liveOf(server, 'demo_liver_room')
    expect(
      (await liver.postForm('/api/encoder/live_end', { live_id: String(live.liveId) })).status,
    ).toBe(200)
    const starts = await Promise.all(
      [0, 1].map(() => liver.postForm('/api/encoder/live_start', { room_id: String(live.roomId) })),
    )
    expect(sorted(starts.map((s) => s.status))).toEqual([200, 409])
    const liveId = String(starts.find((s) => s.status === 200)?.body.live_id)
    const votes = await Promise.all(
      [0, 1].map(() => liver.postForm('/api/encoder/enquete_start', { live_id: liveId })),
    )
    expect(sorted(votes.map((s) => s.status))).toEqual([200, 409])
  })

  it('answers ids beyond the database’s range with 400, not 500', async () => {
    for (const path of ['/img/room/99999999999.svg', '/img/gacha/99999999999.svg']) {
      const answer = await server.get(path)
      expect(answer.status, path).toBeLessThan(500)
    }
    expect((await server.get('/img/room/99999999999.svg')).status).toBe(400)
  })
})
