import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-extensions.ts'
import { openDatabase, wrapPglite } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seed } from '../../server/db/seed.ts'
import {
  adminQuery,
  databaseUrlOf,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_URL,
  POSTGRES_TEMPLATE_ENV,
  postgresReachable,
  TEMPLATE_SCHEMA,
} from './harness.ts'

/**
 * Migrates and seeds one database per engine for the whole run, so that each suite copies it
 * instead of running the migrations and the demo seed again: PGlite's data directory left in a
 * file (loaded in ~0.5 s against ~3 s for initdb, migrations and seed), and a PostgreSQL
 * database that suites copy with CREATE DATABASE … TEMPLATE (~0.1 s against ~0.9 s). The
 * workers find both through the environment they inherit.
 */
export default async function setup() {
  const lite = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
  const database = await wrapPglite(lite)
  await seed(database.db, { demo: true })
  const dump = await lite.dumpDataDir('none')
  await database.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-pglite-template-'))
  const file = path.join(dir, 'seeded.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env[PGLITE_TEMPLATE_ENV] = file

  // Without PostgreSQL the suites say so themselves (testEngines), under CI=true by failing.
  const template = `kirari_template_${Date.now().toString(36)}_${process.pid}`
  const postgres = await postgresReachable()
  if (postgres) {
    await dropLeftovers()
    await adminQuery(`create database "${template}"`)
    const seeded = await openDatabase({
      databaseUrl: databaseUrlOf(template),
      schema: TEMPLATE_SCHEMA,
    })
    await migrate(seeded.db)
    await seed(seeded.db, { demo: true })
    await seeded.close()
    process.env[POSTGRES_TEMPLATE_ENV] = template
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true })
    if (postgres) await adminQuery(`drop database if exists "${template}" with (force)`)
  }
}

/** A run lasts minutes: a copy or template older than this was left by a run that was killed. */
const LEFTOVER_MS = 6 * 60 * 60 * 1000

/**
 * Drops the databases of runs killed before their teardown, told by the time in their names
 * (`kirari_test_<base-36 ms>_…`, `kirari_template_<base-36 ms>_…`), so none piles up.
 */
async function dropLeftovers() {
  const client = new pg.Client({ connectionString: POSTGRES_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname ~ '^kirari_(test|template)_[0-9a-z]+_'",
    )
    for (const { datname } of rows) {
      const made = parseInt(datname.split('_')[2] ?? '', 36)
      if (Number.isFinite(made) && Date.now() - made > LEFTOVER_MS) {
        await client.query(`drop database if exists "${datname}" with (force)`)
      }
    }
  } finally {
    await client.end()
  }
}
