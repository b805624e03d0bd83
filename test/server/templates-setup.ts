import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  adminQuery,
  databaseUrlOf,
  makeSeededPglite,
  openSeededPostgres,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  postgresReachable,
  stampedName,
  stampOf,
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
  const lite = await makeSeededPglite()
  const dump = await lite.dumpDataDir('none')
  await lite.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kirari-pglite-template-'))
  const file = path.join(dir, 'seeded.tar')
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  process.env[PGLITE_TEMPLATE_ENV] = file

  // Without PostgreSQL the suites say so themselves (testEngines), under CI=true by failing.
  const template = stampedName('kirari_template')
  const postgres = await postgresReachable()
  if (postgres) {
    await dropLeftovers()
    await adminQuery(`create database "${template}"`)
    const seeded = await openSeededPostgres(databaseUrlOf(template), TEMPLATE_SCHEMA)
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

/** Drops the databases of runs killed before their teardown, told by their names' age. */
async function dropLeftovers() {
  const rows = await adminQuery<{ datname: string }>(
    "select datname from pg_database where datname ~ '^kirari_(test|template)_[0-9a-z]+_[0-9a-z]+$'",
  )
  for (const { datname } of rows) {
    if (Date.now() - stampOf(datname) > LEFTOVER_MS) {
      await adminQuery(`drop database if exists "${datname}" with (force)`)
    }
  }
}
