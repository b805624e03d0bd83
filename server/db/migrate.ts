import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, type Kysely } from 'kysely'

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')
// Any constant: processes starting together on one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 4_205_301

/** Applies every `migrations/NNN_name.sql` not yet recorded, each in its own transaction. */
export async function migrate<T>(db: Kysely<T>): Promise<string[]> {
  const files = (await fs.readdir(migrationsDir))
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
  const applied: string[] = []
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn)
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(conn)
      const done = new Set(
        (await sql<{ name: string }>`select name from schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      )
      for (const file of files) {
        if (done.has(file)) continue
        const script = await fs.readFile(path.join(migrationsDir, file), 'utf8')
        try {
          // The file name matched the pattern above, so it is safe inside the literal.
          await sql
            .raw(
              `begin;\n${script}\n;insert into schema_migrations (name) values ('${file}');\ncommit;`,
            )
            .execute(conn)
        } catch (error) {
          await sql.raw('rollback').execute(conn)
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error })
        }
        applied.push(file)
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn)
    }
  })
  return applied
}
