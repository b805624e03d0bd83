import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts'
import { inThisThread, type SqlRequest, type SqlReply, type SqlFailure } from './pglite-thread.ts'

/**
 * The thread that owns a PGlite database (pglite-thread.ts starts it). PGlite runs each
 * statement on the thread that calls it; here that is this thread, so the server's own thread
 * keeps answering requests while the database works.
 */
const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')
const { dataDir } = workerData as { dataDir: string }

/** What a client needs of a PostgreSQL error: the message and the fields pg would carry. */
function failure(error: unknown): SqlFailure {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = error as Error & Record<string, unknown>
  const out: SqlFailure = { message: error.message }
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity'] as const) {
    const value = fields[key]
    if (typeof value === 'string') out[key] = value
  }
  return out
}

// The same runner the tests use in their own thread: one way to run a statement.
const ready = PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS }).then(inThisThread)

port.on('message', (request: SqlRequest) => {
  void (async () => {
    let reply: SqlReply
    try {
      const db = await ready
      const result =
        request.op === 'close'
          ? await db.close().then(() => ({ rows: [], affectedRows: 0 }))
          : request.op === 'exec'
            ? await db.exec(request.sql, request.first)
            : await db.query(request.sql, request.params, request.first)
      reply = { id: request.id, ok: true, result }
    } catch (error) {
      reply = { id: request.id, ok: false, error: failure(error) }
    }
    port.postMessage(reply)
  })()
})
