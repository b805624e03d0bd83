import fs from 'node:fs/promises'
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
}

export interface Database {
  db: Db
  engine: 'pglite' | 'postgres'
  /** PostgreSQL's connection pool, for its gauges in /metrics; PGlite has none. */
  pool?: { totalCount: number; idleCount: number; waitingCount: number }
  close(): Promise<void>
}

/** Opens PGlite or PostgreSQL behind one Kysely instance and brings the schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
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
  return openPglite(inWorkerThread(dataDir))
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
