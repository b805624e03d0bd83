import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../../server/db/pglite-extensions.ts'
import { wrapPglite } from '../../server/db/index.ts'
import { seed } from '../../server/db/seed.ts'
import { PGLITE_TEMPLATE_ENV } from './harness.ts'

/**
 * Makes the migrated, seeded PGlite once for the whole run and leaves its data directory in a
 * file: each suite loads it (~0.4 s) instead of running initdb, the migrations and the demo seed
 * (~3 s). The workers find the file through the environment they inherit.
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
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
