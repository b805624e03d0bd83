import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-extensions.ts'
import { openDatabase, wrapPglite } from '../../server/db/index.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seed } from '../../server/db/seed.ts'
import {
  adminQuery,
  databaseUrlOf,
  PGLITE_TEMPLATE_ENV,
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
  const template = `kirari_template_${process.pid}_${Date.now().toString(36)}`
  const postgres = await postgresReachable()
  if (postgres) {
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
