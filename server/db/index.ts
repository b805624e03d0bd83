import fs from 'node:fs/promises'
import type { Worker } from 'node:worker_threads'
import type { PGliteInterface } from '@electric-sql/pglite'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { migrate } from './migrate.ts'
import { pglitePool } from './pglite-pool.ts'
import { inThisThread, inWorkerThread, type SqlRunner } from './pglite-thread.ts'
import type { DB } from './schema.ts'

export type Db = Kysely<DB>

export interface DatabaseOptions {
  /** PostgreSQL connection string; PGlite is used when absent. */
  databaseUrl?: string | undefined
  /** PGlite data directory, or `memory://` for a throw-away database. */
  dataDir?: string
  /** PostgreSQL schema to work in (tests use one schema per run). */
  schema?: string
  /**
   * A connection the pool held idle broke (PostgreSQL restarted, a failover): told here, never
   * thrown — the pool opens a new one for the next request.
   */
  onConnectionError?: (error: Error) => void
  /** The embedded PGlite's thread died: nothing more can be read or written in this process. */
  onLost?: (error: Error) => void
}

/**
 * How long opening a PostgreSQL connection may take before it fails (and the request answers
 * 503). Only the opening: a request queued behind a busy pool waits its turn, however long — a
 * burst is slow, not the database away.
 */
const CONNECT_TIMEOUT_MS = 5_000

/** pg's client with a connect timeout of its own (the pool's would also bound the queue). */
class TimedClient extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  }
}

/** Node's errors of a connection that cannot be made or broke. */
const CONNECTION_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
])
/** PostgreSQL: connection exceptions (class 08), shutting down or starting (57P01–03), full. */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|connection error|the PGlite thread stopped/

/**
 * Whether an error says the database cannot be reached now (refused, broken, restarting), as
 * opposed to a statement's own failure: such a request answers 503, and a later one may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (CONNECTION_ERRORS.has(code) || UNAVAILABLE_STATES.test(code)))
    return true
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true
  // AggregateError (a host with several addresses, all refused) and wrapped causes.
  const inner = error instanceof AggregateError ? error.errors : [error.cause]
  return inner.some((e) => e !== error && isDatabaseUnavailable(e))
}

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  /** PostgreSQL's connection pool, for its gauges in /metrics; PGlite has none. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number }
  /** PGlite's worker thread, where it has one (a test stops it to see the process go). */
  thread?: Worker
  close(): Promise<void>
}

/** Opens PGlite or PostgreSQL behind one Kysely instance and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      Client: TimedClient,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    // Without a listener, an idle connection that breaks would end the process.
    pool.on('error', (error) => options.onConnectionError?.(error))
    // …nor one a request holds between statements (a transaction's): its next statement fails
    // (a 503), the pool drops the connection when it is released.
    pool.on('connect', (client) =>
      client.on('error', (error) => options.onConnectionError?.(error)),
    )
    if (options.schema) {
      const client = await pool.connect()
      try {
        await client.query(`create schema if not exists "${options.schema}"`)
      } finally {
        client.release()
      }
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
    await migrate(db)
    return { db, engine: 'postgres', pool, close: () => db.destroy() }
  }

  const dataDir = options.dataDir ?? 'memory://'
  if (!dataDir.startsWith('memory://')) await fs.mkdir(dataDir, { recursive: true })
  // In a thread of its own: its statements never hold up the server's requests (pglite-thread.ts).
  const runner = inWorkerThread(dataDir, options.onLost)
  return { ...(await openPglite(runner)), thread: runner.thread }
}

const soleWriters = new WeakSet<Db>()

/**
 * Whether this process is the only one writing to `db`: true of PGlite, which lives inside one
 * process. What the process wrote is then all there is (services/events/board.ts relies on it).
 */
export const isSoleWriter = (db: Db) => soleWriters.has(db)

/** Wraps an open PGlite in this thread (e.g. a `clone()` in tests) and migrates it. */
export const wrapPglite = (lite: PGliteInterface): Promise<Database> =>
  openPglite(inThisThread(lite))

async function openPglite(runner: SqlRunner): Promise<Database> {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pglitePool(runner) }) })
  soleWriters.add(db)
  await migrate(db)
  return { db, engine: 'pglite', close: () => db.destroy() }
}
