import fs from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import type { Logger } from '../../server/env.ts'
import { retryDelay } from '../../server/services/mail-queue.ts'
import { queuedMessages } from '../../server/services/smtp-provider.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { fakeDist, openTestDatabase, testEngines, type Engine } from './harness.ts'

/** A real SMTP server on loopback: keeps what arrives (parsed), or refuses every mail. */
async function startInbox(options: { refuse?: boolean } = {}) {
  const mails: ParsedMail[] = []
  const inbox = { mails, attempts: 0, port: 0, close: async () => {} }
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'kirari' }),
    onData(stream, _session, callback) {
      inbox.attempts++
      if (options.refuse) {
        stream.resume()
        stream.on('end', () =>
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 451 })),
        )
        return
      }
      simpleParser(stream).then((mail) => {
        mails.push(mail)
        callback()
      }, callback)
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  inbox.port = (smtp.server.address() as AddressInfo).port
  inbox.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  return inbox
}

/** A port nothing listens on (a server opened and closed again). */
async function deadPort(): Promise<number> {
  const inbox = await startInbox()
  await inbox.close()
  return inbox.port
}

interface LogLine {
  level: 'info' | 'error'
  message: string
  fields: Record<string, unknown>
}

/** The test harness's server, but with a logger whose lines the test reads. */
async function start(engine: Engine, env: Record<string, string>, queued?: string) {
  const lines: LogLine[] = []
  const logger: Logger = {
    info: (message, fields = {}) => lines.push({ level: 'info', message, fields }),
    error: (message, fields = {}) => lines.push({ level: 'error', message, fields }),
  }
  const database = await openTestDatabase(engine)
  // A mail an earlier process queued and never sent: the sender picks it up at start.
  if (queued) {
    await database.db
      .insertInto('mail_queue')
      .values({ recipient: queued, subject: 'queued before', body: 'from the last run' })
      .execute()
  }
  const dist = await fakeDist()
  const config = loadConfig({
    KIRARI_DEMO: '1',
    PORT: '0',
    DATA_DIR: 'memory://',
    DIST_DIR: dist,
    NODE_ENV: 'test',
    SUPPORT_MAIL: 'help@kirari.example',
    ...env,
  })
  const server: RunningServer = await startServer(config, {
    logger,
    database: {
      ...database,
      async close() {
        await database.drop()
        await fs.rm(dist, { recursive: true, force: true })
      },
    },
  })
  return { server, lines, db: server.database.db }
}

/** A POST as a browser makes it: a session and its CSRF token first, then the call. */
async function post(
  base: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const token = await fetch(`${base}/api/csrf_token`)
  const session = token.headers.getSetCookie().map((line) => line.split(';')[0])
  const { csrf_token } = (await token.json()) as { csrf_token: string }
  const response = await fetch(base + path, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'x-csrf-token': csrf_token,
      cookie: [...session, headers.cookie].filter(Boolean).join('; '),
    },
    body: JSON.stringify(fields),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const address = (to: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(to) ? to : to ? [to] : []).flatMap((a) => a.value.map((v) => v.address))

const WAIT = { timeout: 10_000, interval: 20 }

describe('SMTP settings', () => {
  const base = { KIRARI_DEMO: '1', NODE_ENV: 'test' }
  it('reads SMTP_URL and SMTP_FROM; a bad one stops the start without showing the password', () => {
    const config = loadConfig({ ...base, SMTP_URL: 'smtps://me:hunter2@mail.example:465' })
    expect(config.mail).toMatchObject({
      smtpHost: 'mail.example:465',
      from: 'Kirari <no-reply@kirari.example>',
    })
    expect(loadConfig(base).mail.smtpUrl).toBeUndefined()
    const bad = () => loadConfig({ ...base, SMTP_URL: 'http://me:hunter2@mail.example' })
    expect(bad).toThrow(ConfigError)
    expect(bad).not.toThrow(/hunter2/)
    expect(() => loadConfig({ ...base, SMTP_FROM: 'Kirari <nobody>' })).toThrow(ConfigError)
    expect([1, 2, 3, 4].map((n) => retryDelay(1000, n))).toEqual([1000, 4000, 16_000, 64_000])
  })
})

describe.each(await testEngines())('mail through SMTP on %s', (engine) => {
  let inbox: Awaited<ReturnType<typeof startInbox>>
  let site: Awaited<ReturnType<typeof start>>
  beforeAll(async () => {
    inbox = await startInbox()
    site = await start(
      engine,
      // The sender looks at the queue often: a mail another process queued goes out soon.
      { SMTP_URL: `smtp://kirari:secret@127.0.0.1:${inbox.port}`, MAIL_POLL_MS: '200' },
      'left@kirari.example',
    )
  })
  afterAll(async () => {
    await site.server.close()
    await inbox.close()
  })
  const arrived = (to: string) =>
    vi.waitFor(() => {
      const mail = inbox.mails.find((m) => address(m.to).includes(to))
      if (!mail) throw new Error(`no mail to ${to} yet`)
      return mail
    }, WAIT)

  it('sends a mail queued before the restart', async () => {
    expect((await arrived('left@kirari.example')).subject).toBe('queued before')
  })

  it('sends the mail an operator command queued from its own process (organizer:approve)', async () => {
    const config = loadConfig({
      KIRARI_DEMO: '1',
      NODE_ENV: 'test',
      DATA_DIR: 'memory://',
      SMTP_URL: `smtp://kirari:secret@127.0.0.1:${inbox.port}`,
    })
    const silent: Logger = { info: () => {}, error: () => {} }
    await queuedMessages(config, site.db, silent).send({
      channel: 'mail',
      recipient: 'applicant@kirari.example',
      subject: '審査結果',
      body: '承認されました',
    })
    expect((await arrived('applicant@kirari.example')).subject).toBe('審査結果')
    // Without SMTP_URL the command leaves it in the outbox, as the server would.
    const outboxOnly = loadConfig({ KIRARI_DEMO: '1', NODE_ENV: 'test', DATA_DIR: 'memory://' })
    await queuedMessages(outboxOnly, site.db, silent).send({
      channel: 'mail',
      recipient: 'kept@kirari.example',
      subject: '保管',
      body: 'outbox',
    })
    const where = async (table: 'mail_queue' | 'outbox') =>
      (
        await site.db
          .selectFrom(table)
          .select('recipient')
          .where('recipient', '=', 'kept@kirari.example')
          .execute()
      ).length
    expect([await where('mail_queue'), await where('outbox')]).toEqual([0, 1])
  })

  it('mails the password-reset guide in Japanese by default, kept in the outbox as well', async () => {
    const sent = await post(site.server.url, '/user/forget_mail_send', {
      mail_address: 'demo_viewer@kirari.example',
    })
    expect(sent.body).toEqual({ ok: 1 })
    const mail = await arrived('demo_viewer@kirari.example')
    expect(mail.subject).toBe('【Kirari】アカウント情報のご案内')
    expect(address(mail.from)).toEqual(['no-reply@kirari.example'])
    expect(mail.text).toContain('アカウントID: demo_viewer')
    expect(mail.text).toContain(`${site.server.url}/reset_password/sms`)
    // The sender marks the row once the server has taken the mail: a moment after it arrived.
    await vi.waitFor(async () => {
      const row = await site.db
        .selectFrom('mail_queue')
        .selectAll()
        .where('recipient', '=', 'demo_viewer@kirari.example')
        .executeTakeFirstOrThrow()
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
    }, WAIT)
    const copy = await site.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', 'demo_viewer@kirari.example')
      .execute()
    expect(copy).toEqual([{ subject: '【Kirari】アカウント情報のご案内' }])
  })

  it('mails the guide in the language of the page it was asked from (Thai)', async () => {
    await site.db
      .updateTable('users')
      .set({ mail_address: 'liver@kirari.example' })
      .where('account_id', '=', 'demo_liver')
      .execute()
    await post(
      site.server.url,
      '/user/forget_mail_send',
      { mail_address: 'liver@kirari.example' },
      { referer: `${site.server.url}/th/forget` },
    )
    const mail = await arrived('liver@kirari.example')
    expect(mail.subject).toBe('[Kirari] ข้อมูลบัญชีของคุณ')
    expect(mail.text).toContain(`${site.server.url}/th/reset_password/sms`)
  })

  it('sends the inquiry to the operator (Japanese) and the receipt in English by the locale cookie', async () => {
    const sent = await post(
      site.server.url,
      '/api/inquiry',
      {
        category: 'payment',
        name: 'Alice',
        mail_address: 'alice@example.com',
        body: 'No gold yet.',
      },
      { cookie: 'kirari_locale=en' },
    )
    expect(sent.status).toBe(200)
    const id = Number(sent.body.inquiry_id)
    const receipt = await arrived('alice@example.com')
    expect(receipt.subject).toBe(`We have received your inquiry (#${id})`)
    expect(receipt.text).toContain('Dear Alice,')
    expect(receipt.text).toContain('Topic: Payments and shop')
    expect(receipt.text).toContain('No gold yet.')
    const operator = await arrived('help@kirari.example')
    expect(operator.subject).toBe(`[お問い合わせ #${id}] お支払い・ショップ`)
    expect(operator.text).toContain('返信先: alice@example.com')
  })
})

describe.each(await testEngines())('mail that cannot be sent on %s', (engine) => {
  it('retries with backoff, then marks the mail failed and logs it, never the password', async () => {
    const refusing = await startInbox({ refuse: true })
    const site = await start(engine, {
      SMTP_URL: `smtp://kirari:hunter2@127.0.0.1:${refusing.port}`,
      MAIL_MAX_ATTEMPTS: '3',
      MAIL_RETRY_MS: '30',
    })
    try {
      const started = Date.now()
      const sent = await post(site.server.url, '/api/inquiry', {
        category: 'other',
        name: '',
        mail_address: 'bob@example.com',
        body: 'どうなりますか',
      })
      expect(sent.status).toBe(200)
      const failed = await vi.waitFor(async () => {
        const rows = await site.db.selectFrom('mail_queue').selectAll().execute()
        if (rows.length < 2 || rows.some((r) => r.status !== 'failed')) throw new Error('not yet')
        return rows
      }, WAIT)
      // 30 ms, then 120 ms between the three attempts of each mail.
      expect(Date.now() - started).toBeGreaterThanOrEqual(150)
      expect(refusing.attempts).toBe(6)
      for (const row of failed) {
        expect(row).toMatchObject({ attempts: 3, sent_at: null })
        expect(row.last_error).toMatch(/451/)
      }
      const retries = site.lines.filter((l) => l.message === 'mail send failed, retrying')
      const gaveUp = site.lines.filter((l) => l.message === 'mail failed')
      expect(retries.map((l) => Number(l.fields.retryInMs)).sort((a, b) => a - b)).toEqual([
        30, 30, 120, 120,
      ])
      expect(gaveUp.map((l) => l.level)).toEqual(['error', 'error'])
      expect(String(gaveUp[0]?.fields.error)).toMatch(/mailbox unavailable/)
      expect(JSON.stringify(site.lines)).not.toContain('hunter2')
    } finally {
      await site.server.close()
      await refusing.close()
    }
  })

  it('keeps a mail for a server that does not answer, failed after its attempts', async () => {
    const site = await start(engine, {
      SMTP_URL: `smtp://127.0.0.1:${await deadPort()}`,
      MAIL_MAX_ATTEMPTS: '2',
      MAIL_RETRY_MS: '10',
    })
    try {
      await post(site.server.url, '/user/forget_mail_send', {
        mail_address: 'demo_viewer@kirari.example',
      })
      const row = await vi.waitFor(async () => {
        const r = await site.db.selectFrom('mail_queue').selectAll().executeTakeFirstOrThrow()
        if (r.status !== 'failed') throw new Error('not yet')
        return r
      }, WAIT)
      expect(row).toMatchObject({ recipient: 'demo_viewer@kirari.example', attempts: 2 })
      expect(row.last_error).toMatch(/ECONNREFUSED/)
      expect(row.body).toContain('demo_viewer')
    } finally {
      await site.server.close()
    }
  })
})
