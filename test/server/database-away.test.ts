import { switchableProxy } from '../switchable-proxy.ts'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seed } from '../../server/db/seed.ts'
import type { Logger } from '../../server/env.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { TestClient } from './client.ts'
import { fakeDist, POSTGRES_URL, testEngines } from './harness.ts'
import { liveOf } from './socket.ts'

/** A logger that keeps what was said, to read the process's own account of a fault. */
function keptLog() {
  const lines: string[] = []
  const logger: Logger = {
    info: (message) => lines.push(message),
    error: (message) => lines.push(message),
  }
  return { logger, lines }
}

/** PostgreSQL's address as the server sees it, through a proxy the test can take down. */
async function switchablePostgres(target: URL) {
  const proxy = await switchableProxy(target.hostname, Number(target.port || 5432))
  return {
    ...proxy,
    url: `postgres://${target.username ? `${target.username}@` : ''}127.0.0.1:${proxy.port}${target.pathname}`,
  }
}

const engines = await testEngines()

describe.runIf(engines.includes('postgres'))('PostgreSQL away for 10 s', () => {
  let proxy: Awaited<ReturnType<typeof switchablePostgres>>
  let server: RunningServer
  const log = keptLog()
  const schema = `kirari_away_${Date.now().toString(36)}`

  beforeAll(async () => {
    proxy = await switchablePostgres(new URL(POSTGRES_URL))
    const database = await openDatabase({ databaseUrl: proxy.url, schema })
    await migrate(database.db)
    await seed(database.db, { demo: true })
    const config = loadConfig({
      KIRARI_DEMO: '1',
      PORT: '0',
      DATABASE_URL: proxy.url,
      DIST_DIR: await fakeDist(),
      CAPTCHA_FIXED_WORD: 'kirari',
      NODE_ENV: 'test',
    })
    server = await startServer(config, { logger: log.logger, database })
  })
  afterAll(async () => {
    await proxy.up().catch(() => {})
    await server.close()
    await proxy.close()
    const admin = new pg.Client({ connectionString: POSTGRES_URL })
    await admin.connect()
    await admin.query(`drop schema "${schema}" cascade`)
    await admin.end()
  })

  it('answers 503 at once while it is away, writes nothing half, and recovers without a restart', async () => {
    const viewer = new TestClient(server.url)
    expect((await viewer.login('demo_viewer', 'kirari-demo')).status).toBe(200)
    const { liveId } = await liveOf(
      { database: server.database, url: server.url } as Parameters<typeof liveOf>[0],
      'kirari_hoshino',
    )
    const gift = () =>
      viewer.postForm('/api/live/gifting_point_use', {
        live_id: String(liveId),
        gift_id: '3',
        num: '1',
      })
    const ledger = async () =>
      (
        await server.database.db
          .selectFrom('ledger')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n
    expect((await gift()).status).toBe(200)
    const before = await ledger()

    await proxy.down()
    const awayUntil = Date.now() + 10_000
    const answers: Array<{ status: number; ms: number; type: unknown }> = []
    while (Date.now() < awayUntil) {
      const started = Date.now()
      const answer = await gift()
      const first = (answer.body.errors as Array<{ error_type?: string }> | undefined)?.[0]
      answers.push({ status: answer.status, ms: Date.now() - started, type: first?.error_type })
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }
    await proxy.up()

    // Every request met the outage: a 503 with its type, fast (the refusal, not a timeout).
    expect(answers.length).toBeGreaterThanOrEqual(5)
    for (const answer of answers) {
      expect(answer.status).toBe(503)
      expect(answer.type).toBe('DATABASE_UNAVAILABLE')
      expect(answer.ms).toBeLessThan(1_000)
    }
    expect(log.lines).toContain('database unavailable')

    // Back by itself: the same process serves the next gift, and the outage wrote nothing.
    await expect.poll(async () => (await gift()).status, { timeout: 10_000 }).toBe(200)
    expect(await ledger()).toBe(before + 1)
  }, 60_000)
})

describe('the embedded database’s thread dies', () => {
  it('the process says so and exits, for its supervisor to start it again', async () => {
    const log = keptLog()
    const exits: number[] = []
    const config = loadConfig({
      KIRARI_DEMO: '1',
      SEED_DEMO: '0',
      PORT: '0',
      DATA_DIR: 'memory://',
      DIST_DIR: await fakeDist(),
      NODE_ENV: 'test',
    })
    const server = await startServer(config, {
      logger: log.logger,
      exit: (code) => exits.push(code),
    })
    expect((await fetch(`${server.url}/api/csrf_token`)).status).toBe(200)
    const thread = server.database.thread
    expect(thread).toBeDefined()
    await thread?.terminate()

    await expect.poll(() => exits, { timeout: 10_000 }).toEqual([1])
    expect(
      log.lines.some((line) => line.startsWith('database lost: the PGlite thread stopped')),
    ).toBe(true)
  }, 60_000)
})
