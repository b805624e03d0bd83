import type { PGliteInterface } from '@electric-sql/pglite'
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

/**
 * Presents one PGlite instance as the connection pool Kysely's PostgresDialect expects, so the
 * same query layer runs on PGlite and on PostgreSQL. PGlite has a single connection: a client is
 * lent to one caller at a time, which keeps a transaction's statements together.
 */
export function pglitePool(db: PGliteInterface): PostgresPool {
  let queue: Promise<void> = Promise.resolve()

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void
      const turn = new Promise<void>((resolve) => (release = resolve))
      const previous = queue
      queue = previous.then(() => turn)
      await previous
      let released = false
      return {
        async query<R>(
          sql: string,
          parameters: readonly unknown[],
        ): Promise<PostgresQueryResult<R>> {
          // Without parameters, exec() also runs multi-statement scripts (migrations), as pg's
          // simple query protocol does.
          const result =
            parameters.length === 0
              ? ((await db.exec(sql)).at(-1) ?? { rows: [], affectedRows: 0 })
              : await db.query<R>(sql, parameters as unknown[])
          const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT'
          return {
            command: command as PostgresQueryResult<R>['command'],
            rowCount: result.affectedRows ?? result.rows.length,
            rows: result.rows as R[],
          }
        },
        release() {
          if (released) return
          released = true
          release()
        },
      } as PostgresPoolClient
    },
    async end() {
      await queue
      await db.close()
    },
  }
}
