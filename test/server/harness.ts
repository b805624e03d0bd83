import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite, type PGliteInterface } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-extensions.ts'
import pg from 'pg'
import { loadConfig, type ServerConfig } from '../../server/config.ts'
import { openDatabase, wrapPglite, type Database } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { DEMO_PASSWORD, seed } from '../../server/db/seed.ts'
import { TestClient } from './client.ts'
import { silentLogger } from '../../server/logger.ts'
import { startServer, type RunningServer, type StartOptions } from '../../server/server.ts'

export type Engine = 'pglite' | 'postgres'

export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/**
 * The engines to test on: PGlite always, PostgreSQL when reachable. Under CI=true an
 * unreachable PostgreSQL fails the run instead of being skipped.
 */
export async function testEngines(): Promise<Engine[]> {
  if (await postgresReachable()) return ['pglite', 'postgres']
  if (process.env.CI) throw new Error(`CI=true but PostgreSQL at ${POSTGRES_URL} is not reachable`)
  console.warn(`PostgreSQL at ${POSTGRES_URL} not reachable: server tests run on PGlite only`)
  return ['pglite']
}

/**
 * Where the unit suite's global setup (templates-setup.ts) left a migrated, seeded PGlite's
 * data directory for every suite of the run.
 */
export const PGLITE_TEMPLATE_ENV = 'KIRARI_TEST_PGLITE_TEMPLATE'
/** The PostgreSQL database the same setup migrated and seeded, for suites to copy. */
export const POSTGRES_TEMPLATE_ENV = 'KIRARI_TEST_POSTGRES_TEMPLATE'

// One migrated, seeded PGlite per suite's module graph (the benches') and a clone of it per
// database; under the unit suite each database is loaded from the run's template instead.
let template: Promise<PGlite> | undefined
let templateDump: Promise<Blob> | undefined
async function seededPglite(): Promise<PGliteInterface> {
  const file = process.env[PGLITE_TEMPLATE_ENV]
  if (!file) return (await (template ??= makeSeededPglite())).clone()
  templateDump ??= fs.readFile(file).then((bytes) => new Blob([new Uint8Array(bytes)]))
  return PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: await templateDump })
}

/** A new in-memory PGlite, migrated and seeded with the demo. */
export async function makeSeededPglite(): Promise<PGlite> {
  const lite = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const database = await wrapPglite(lite)
  await seed(database.db, { demo: true })
  return lite
}

/** Opens PostgreSQL's `schema` at `databaseUrl`, migrated and seeded with the demo. */
export async function openSeededPostgres(databaseUrl: string, schema: string): Promise<Database> {
  const database = await openDatabase({ databaseUrl, schema })
  await migrate(database.db)
  await seed(database.db, { demo: true })
  return database
}

/**
 * A database or schema name that carries the time it was made (`<prefix>_<base-36 ms>_<random>`),
 * so that what a killed run left behind can be told by its age (templates-setup.ts).
 */
export function stampedName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}

/** When a name made by `stampedName` was made (ms since the epoch), or NaN. */
export function stampOf(name: string): number {
  return parseInt(name.split('_').at(-2) ?? '', 36)
}

export interface TestDatabase extends Database {
  /** PostgreSQL only: the database's address, for a second pool on the same data. */
  databaseUrl?: string
  drop(): Promise<void>
}

/**
 * A seeded database for a test: PGlite cloned from the template in this thread, or with
 * `ownThread` opened as the server opens it (in a worker thread, server/db/pglite-thread.ts);
 * PostgreSQL in a database copied from the run's template (or, outside the unit suite, in a
 * schema of its own).
 */
export async function openTestDatabase(
  engine: Engine,
  { ownThread = false } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite' && ownThread) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await seed(database.db, { demo: true })
    return { ...database, drop: () => database.close() }
  }
  if (engine === 'pglite') {
    const database = await wrapPglite(await seededPglite())
    return { ...database, drop: () => database.close() }
  }
  const name = stampedName('kirari_test')
  const template = process.env[POSTGRES_TEMPLATE_ENV]
  if (template) {
    // A copy of the run's template database (migrated and seeded once): ~0.1 s, not ~0.9.
    await adminQuery(`create database "${name}" template "${template}"`)
    const databaseUrl = databaseUrlOf(name)
    const database = await openDatabase({ databaseUrl, schema: TEMPLATE_SCHEMA })
    return {
      ...database,
      databaseUrl,
      async drop() {
        await database.close()
        await adminQuery(`drop database if exists "${name}" with (force)`)
      },
    }
  }
  const database = await openSeededPostgres(POSTGRES_URL, name)
  return {
    ...database,
    databaseUrl: POSTGRES_URL,
    async drop() {
      await database.db.schema.dropSchema(name).cascade().execute()
      await database.close()
    },
  }
}

/** The schema the template database's tables are in. */
export const TEMPLATE_SCHEMA = 'kirari_test'

/** `POSTGRES_URL` with another database's name. */
export function databaseUrlOf(name: string): string {
  const url = new URL(POSTGRES_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** One statement on the server's own database (CREATE and DROP DATABASE take no pool). */
export async function adminQuery<Row extends object = object>(sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    return (await client.query<Row>(sql)).rows
  } finally {
    await client.end()
  }
}

/** A built-SPA stand-in so the static and fallback paths can be tested without `vite build`. */
export async function fakeDist(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kirari-dist-'))
  await fs.mkdir(path.join(dir, 'assets'))
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Kirari — ライブ配信プラットフォーム" /><title>Kirari</title></head><body><div id="app"></div></body></html>',
  )
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)')
  return dir
}

export interface TestServer extends RunningServer {
  config: ServerConfig
  get(path: string, init?: RequestInit): Promise<Response>
}

export async function startTestServer(
  engine: Engine,
  env: Record<string, string> = {},
  extend?: StartOptions['extend'],
  options: { ownThread?: boolean } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(engine, options)
  const dist = await fakeDist()
  const config = loadConfig({
    KIRARI_DEMO: '1',
    PORT: '0',
    DATA_DIR: 'memory://',
    DIST_DIR: dist,
    // Keeps the demo bots off unless a test sets DEMO_BOTS_PER_MINUTE.
    NODE_ENV: 'test',
    ...env,
  })
  const server = await startServer(config, {
    logger: silentLogger,
    database: {
      ...database,
      async close() {
        await database.drop()
        await fs.rm(dist, { recursive: true, force: true })
      },
    },
    ...(extend ? { extend } : {}),
  })
  return { ...server, config, get: (p, init) => fetch(server.url + p, init) }
}

/** A demo account logged in through the API (on a server with CAPTCHA_FIXED_WORD=kirari), and its id. */
export async function logInDemo(server: TestServer, accountId = 'demo_viewer') {
  const client = new TestClient(server.url)
  await client.login(accountId, DEMO_PASSWORD)
  const user = await server.database.db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()
  return { client, userId: user.id }
}

/** `count` viewers with `gold` each (named ファン0, ファン1, …), made for a test; their ids. */
export async function makeFans(
  db: Database['db'],
  accountPrefix: string,
  count: number,
  gold = 100_000,
): Promise<number[]> {
  const rows = await db
    .insertInto('users')
    .values(
      Array.from({ length: count }, (_, i) => ({
        account_id: `${accountPrefix}_${i}`,
        name: `ファン${i}`,
        birthday: 20000101,
        password_hash: null,
        phone: null,
        mail_address: null,
        free_gifts_granted_at: null,
        gold,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}
