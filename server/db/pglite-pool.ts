import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import type { SqlRunner } from './pglite-thread.ts'

/**
 * Presents one PGlite instance as the connection pool Kysely's PostgresDialect expects, so the
 * same query layer runs on PGlite and on PostgreSQL. PGlite has a single connection: a client is
 * lent to one caller at a time, which keeps a transaction's statements together.
 */
export function pglitePool(db: SqlRunner): PostgresPool {
  let queue: Promise<void> = Promise.resolve()

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void
      const turn = new Promise<void>((resolve) => (release = resolve))
      const previous = queue
      queue = previous.then(() => turn)
      await previous
      let released = false
      // A transaction's opening statement, held to go with the next one: one wait fewer per
      // transaction (each is a trip to the database's thread).
      let opening: string | undefined
      return {
        async query<R>(
          sql: string,
          parameters: readonly unknown[],
        ): Promise<PostgresQueryResult<R>> {
          const command = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SELECT'
          if (parameters.length === 0 && /^(begin|start transaction[a-z ]*)$/i.test(sql)) {
            opening = sql
            return { command: command as PostgresQueryResult<R>['command'], rowCount: 0, rows: [] }
          }
          const first = opening
          opening = undefined
          if (first && /^(commit|rollback)$/i.test(sql)) {
            // Nothing ran in the transaction: there is nothing to end.
            return { command: command as PostgresQueryResult<R>['command'], rowCount: 0, rows: [] }
          }
          // Without parameters, exec() also runs multi-statement scripts (migrations), as pg's
          // simple query protocol does.
          const result =
            parameters.length === 0
              ? await db.exec(sql, first)
              : await db.query(sql, parameters, first)
          return {
            command: command as PostgresQueryResult<R>['command'],
            rowCount: result.affectedRows,
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
