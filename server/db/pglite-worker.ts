import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import type { SqlRequest, SqlReply, SqlFailure } from './pglite-thread.ts'

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

const ready = PGlite.create(dataDir)

port.on('message', (request: SqlRequest) => {
  void (async () => {
    let reply: SqlReply
    try {
      const db = await ready
      if (request.op === 'close') {
        await db.close()
        reply = { id: request.id, ok: true, result: { rows: [], affectedRows: 0 } }
      } else if (request.op === 'exec') {
        if (request.first) await db.exec(request.first)
        const last = (await db.exec(request.sql)).at(-1)
        reply = {
          id: request.id,
          ok: true,
          result: { rows: last?.rows ?? [], affectedRows: last?.affectedRows ?? 0 },
        }
      } else {
        if (request.first) await db.exec(request.first)
        const result = await db.query(request.sql, request.params)
        reply = {
          id: request.id,
          ok: true,
          result: { rows: result.rows, affectedRows: result.affectedRows ?? result.rows.length },
        }
      }
    } catch (error) {
      reply = { id: request.id, ok: false, error: failure(error) }
    }
    port.postMessage(reply)
  })()
})
